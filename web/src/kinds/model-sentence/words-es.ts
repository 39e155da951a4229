// The model-sentence kind's words in Spanish: words-en.ts translated, message by message.
export const SPANISH = `
sentence-text = la frase que lee el modelo
sentence-layer = capa
sentence-head = cabeza
sentence-parameters-caption = Tu frase y la cabeza en foco
sentence-words-caption = Cada palabra, sus caracteres (␣ es un espacio) y los ids de sus tokens
sentence-word-tokens = { $characters } · ids { $ids }
sentence-characters-title = El modelo lee caracteres, no palabras
sentence-characters-text = El modelo de lenguaje del laboratorio, entrenado con las obras de Shakespeare, lee tu frase como { $tokens } tokens, uno por carácter, espacios y puntuación incluidos: no tiene idea de lo que es una palabra. Para mostrar su atención entre palabras, la página agrupa los caracteres en { $words } palabras, separadas por los espacios, y cada espacio va con la palabra que lo sigue («␣king», donde ␣ marca el espacio), como los tokens de GPT-2 llevan el suyo. Cada fila de abajo es una palabra, sus caracteres y sus ids en el vocabulario del modelo.
sentence-head-title = La cabeza { $head } entre caracteres
sentence-head-text = La cabeza { $head } de la capa { $layer } reparte la atención de cada uno de los { $tokens } caracteres entre los caracteres hasta él: la máscara causal deja en 0 todo lo que queda a la derecha de la diagonal, porque el modelo predice cada carácter siguiente a partir de los anteriores. Lee una fila: adónde mira ese carácter. Elige otra capa u otra cabeza arriba. Carácter a carácter cuesta ver qué hace la cabeza con las palabras; el paso siguiente suma los caracteres.
sentence-matrix-head = los pesos de atención de la cabeza { $head }: cada fila un carácter, cada columna uno al que mira
sentence-to-words-title = El peso de cada carácter sobre cada palabra
sentence-to-words-text = Para leer la cabeza { $head } entre palabras, primero se suman los pesos de cada carácter sobre los caracteres de cada palabra: ese es su peso sobre la palabra. Una fila sigue sumando 1, porque cada carácter pertenece a una sola palabra; la máscara causal sigue dejando en 0 las palabras posteriores al carácter. Aquí cada fila es un carácter y cada columna una palabra.
sentence-words-title = Los mismos pesos entre palabras
sentence-words-text = La fila de una palabra es la media de las filas de sus caracteres en el paso anterior. Cada fila sigue sumando 1, así que se lee como atención: adónde mira la palabra. Así leyeron Clark et al. (2019) las cabezas de BERT, cuyos tokens son trozos de palabras. Aquí, con la cabeza { $head }, el mayor peso que una palabra da a otra es { $weight }, de «{ $from }» a «{ $to }».
sentence-words-text-one = La fila de una palabra es la media de las filas de sus caracteres en el paso anterior: sigue siendo una fila que suma 1, adónde mira la palabra. Tu frase es una sola palabra, así que la cabeza { $head } solo puede mirar a esa palabra: escribe algunas más para ver adónde mira cada una.
sentence-matrix-to-words = cabeza { $head }: el peso de cada carácter sobre cada palabra, sus pesos sobre los caracteres de la palabra sumados
sentence-matrix-words = la cabeza { $head } entre palabras: cada fila una palabra, cada columna la palabra a la que mira
sentence-heads-title = Cada cabeza de la capa { $layer }, por palabra
sentence-heads-text = La capa { $layer } tiene { $heads } cabezas (el modelo tiene { $layers } capas). Cada una lee la misma frase con consultas y claves propias, así que cada una reparte de otra manera la atención de una palabra; aquí cada una se muestra por palabra, como en el paso anterior. Compara la fila de una palabra entre las cabezas: donde una cabeza se queda en la propia palabra, otra puede mirar a la palabra anterior, o más atrás. Elige otra capa arriba.
sentence-explain-head = la atención de la cabeza { $head } de «{ $query }» (carácter { $q }) a «{ $key }» (carácter { $k }): una fila del softmax de sus puntuaciones escaladas.
sentence-explain-head-future = «{ $key }» (carácter { $k }) va después de «{ $query }» (carácter { $q }): la máscara causal lo bloquea, así que la cabeza { $head } le da peso 0.
sentence-explain-to-word = los pesos de «{ $query }» sobre los { $count } caracteres de «{ $word }», sumados: cuánto de su atención va a esa palabra.
sentence-explain-word = la media de las filas de los { $count } caracteres de «{ $query }» en la tabla del paso anterior: cuánto de la atención de esa palabra da la cabeza { $head } a «{ $key }».
`;
