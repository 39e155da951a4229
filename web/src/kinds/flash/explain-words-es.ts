// Las palabras de «Explicar este número» en flash attention, en español (same ids and arguments
// as explain-words-en.ts; tests/page/i18n.test.mjs).
export const SPANISH = `
explain-flash-tile-max = máx. del bloque{ $q } = max({ $scores }) = { $value }
explain-flash-m-before = m{ $q } antes = m después del bloque anterior de esta fila = { $value }
explain-flash-m-before-first = m{ $q } antes = −∞: es el primer bloque de la fila, todavía no se ha visto ninguna puntuación
explain-flash-m-after = m{ $q } después = max(m antes, máx. del bloque) = max({ $before }, { $tilemax }) = { $value }
explain-flash-alpha-blocked = α{ $q } = { $value }: todas las claves de esta fila hasta ahora están bloqueadas, m sigue en −∞ y no hay nada que reescalar
explain-flash-alpha = α{ $q } = e^(m antes − m después) = { $exponent } = { $value }
explain-flash-sum-before = ℓ{ $q } antes = ℓ después del bloque anterior de esta fila = { $value }
explain-flash-sum-before-first = ℓ{ $q } antes = 0: todavía no se ha sumado nada
explain-flash-sum-after = ℓ{ $q } después = α·ℓ antes + Σⱼ e^(sⱼ − m después) = { $terms }
explain-flash-partial = O{ $cell } = α·O antes + Σⱼ e^(sⱼ − m después)·vⱼ{ $column } = { $terms }
explain-flash-none-added = + 0 (todas las claves de este bloque están bloqueadas)
explain-flash-output-blocked = todas las claves de esta fila están bloqueadas, así que ℓ = 0 y O = 0; el motor da 0 en lugar de 0 / 0, como hace la atención
explain-flash-final-max = m{ $q } = { $value }: el máximo acumulado tras el último bloque de esta consulta, es decir, la mayor puntuación que puede ver
explain-flash-final-sum = ℓ{ $q } = { $value }: la suma acumulada tras el último bloque de esta consulta, Σⱼ e^(sⱼ − m{ $q }) sobre todas las claves que puede ver
`;
