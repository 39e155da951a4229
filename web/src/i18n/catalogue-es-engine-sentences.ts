// The engine's refusals and divergences in Spanish, phrase by phrase (model/engine-sentences.ts
// reads them). One part of catalogue-es.ts, which ends with it.
export const SPANISH_ENGINE_SENTENCES = `
## Los rechazos y divergencias del motor, frase a frase (model/engine-sentences.ts).
refusal = { $argument }: se esperaba { $expected }, y llegó { $got }
refusal-with-reason = { $what } ({ $why })
refusal-whole-number-range = un número entero de { $low } a { $high }
refusal-number-range = un número de { $low } a { $high }
refusal-positive-at-most = un número positivo no mayor que { $high }, como { $example }
refusal-above-at-most = un número mayor que { $low } y no mayor que { $high }, como { $example }
refusal-probability = una probabilidad de al menos { $low } y menor que { $high }
refusal-top-p = un número en (0; 1] (con 1 se conservan todos los tokens)
refusal-divisor = un divisor de { $name } = { $value }
refusal-divisor-even = un divisor de { $name } = { $value } que deje un d_k = dModel / heads par (RoPE gira pares de columnas)
refusal-one-of = { $choices } o { $last }
refusal-token-not-listed = un token que no esté ya en la lista
refusal-text-bytes = un texto de { $low } a { $high } bytes en UTF-8
refusal-tokens-for-held-out = un texto de al menos { $count } tokens (diez veces model.context, para que la décima parte que se aparta para evaluar quepa en una ventana)
refusal-vocabulary = un texto con solo caracteres del vocabulario del modelo ({ $count } caracteres)
refusal-token-ids = una secuencia de { $low } a { $high } identificadores de token (el contexto del modelo)
refusal-token-ids-room = una secuencia de { $low } a { $high } identificadores de token (el contexto del modelo, { $context }, menos el hueco para un token nuevo)
refusal-even-columns = un número par de columnas (RoPE gira pares de columnas)
refusal-draws = un producto muestras × claves × dK no mayor que { $high } valores sorteados
refusal-layer = una capa de { $low } a { $high }
refusal-head = una cabeza de { $low } a { $high }
refusal-column = un número de columna (un número entero desde 0)
refusal-columns-to-plot = una lista de { $low } a { $high } números de columna que dibujar
refusal-column-below = al menos una columna por debajo de d_model = { $value }
refusal-token-position = una posición de token (un número entero desde 0), o «{ $none }» sola
refusal-a-word = al menos una palabra (un carácter que no sea un espacio)
refusal-why-queries = n, las consultas
refusal-why-keys = m, las claves
refusal-why-keys-there-are = las claves que hay
refusal-why-context-less-prompt = el contexto del modelo, { $context }, menos los { $prompt } tokens del texto inicial
refusal-got-as-is = { $value }
refusal-got-bytes = { $count } bytes
refusal-got-also = { $value } (también en { $other })
refusal-got-empty = un texto vacío
refusal-got-at-character = { $character } en el carácter { $index }
refusal-text-characters = un texto de { $low } a { $high } caracteres
refusal-title-characters = un título de { $low } a { $high } caracteres
refusal-label-characters = una etiqueta de { $low } a { $high } caracteres
refusal-question-characters = una pregunta de { $low } a { $high } caracteres
refusal-at-most-characters = como mucho { $high } caracteres
refusal-finite = un número finito
refusal-a-number = un número
refusal-a-text = un texto
refusal-word-bytes = una palabra de { $low } a { $high } bytes en UTF-8, sin espacios
refusal-true-or-false = true o false
refusal-one-of-quoted = uno de estos: { $choices }
refusal-one-of-lesson = uno de estos: { $choices }, o ningún campo lesson para un recorrido propio
refusal-one-of-numbers = uno de estos: { $choices }
refusal-one-of-fields = uno de los campos { $choices }
refusal-id-characters = letras, dígitos y «-» (va en la URL)
refusal-id-length = de { $low } a { $high } letras, dígitos o «-»
refusal-either = { $first } o { $second }
refusal-mask = null, "causal", {"{"}"keyLength": L{"}"} o una matriz de ceros y unos
refusal-step-id = el id de un paso
refusal-above = un número mayor que { $low }
refusal-above-up-to = un número mayor que { $low } y no mayor que { $high }
refusal-above-from = un número mayor que «from» = { $low }
refusal-above-at-most-span = un número mayor que { $low } y no mayor que «to» − «from» = { $high }
refusal-why-bytes-per-number = bytes por número
refusal-got-characters = { $count } caracteres
refusal-got-unknown-field = un campo desconocido
diverged = el entrenamiento divergió en el paso { $step }: { $why }
diverged-parameters-kept = el entrenamiento divergió en el paso { $step }: { $why }; los parámetros son los de antes de ese paso. Prueba con una tasa de aprendizaje menor.
diverged-loss-past-uniform = la pérdida llegó a { $loss }, más de diez veces la de adivinar de manera uniforme ({ $uniform })
diverged-loss = la pérdida llegó a { $loss }
`;
