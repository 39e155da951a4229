// Las palabras de «Explicar este número» para las celdas de una llamada de atención, en español
// (same ids and arguments as explain-words-en.ts; tests/page/i18n.test.mjs).
export const SPANISH = `
explain-terms-count = ({ $count } términos)
explain-weight-blocked = todas las claves de esta fila están bloqueadas, así que no hay nada que repartir.
explain-weight-note = Los exponentes son las puntuaciones escaladas q·k/√d_k de la fila { $row }, cada una menos la mayor de la fila, { $max }, para que ninguna exponencial desborde.
explain-weight-note-masked = Los exponentes son las puntuaciones escaladas q·k/√d_k de la fila { $row } tras la máscara, cada una menos la mayor de la fila, { $max }, para que ninguna exponencial desborde.
explain-masked-kept = A{ $at } = 1, así que la puntuación se conserva
explain-masked-replaced = A{ $at } = 0, así que la puntuación ({ $score }) se sustituye por { $fill }
`;
