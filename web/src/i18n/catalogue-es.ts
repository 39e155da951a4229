// Las palabras de la página en español: the Spanish catalogue, loaded only when the page speaks
// Spanish (i18n/messages.ts). Same ids and arguments as catalogue-en.ts (tests/page/i18n.test.mjs).
import { SPANISH_AUTHORING } from './catalogue-es-authoring.js';
import { SPANISH_ENGINE_SENTENCES } from './catalogue-es-engine-sentences.js';

export const SPANISH = `
## La página
tagline = La atención, un número exacto cada vez.
nav-lessons = Lecciones
skip-to-step = Saltar al paso actual
language-label = Idioma
notice-lang-refused = El idioma { $value } no es uno de los que ofrece esta página ({ $offered }), así que se muestra en { $shown }.
notice-dismiss = Descartar este aviso
engine-failed = El motor de atención no pudo arrancar: { $reason }

## La barra de pasos
player-label = Controles de los pasos
player-first = Primer paso
player-previous = Paso anterior
player-play = Reproducir los pasos
player-pause = Pausa
player-next = Paso siguiente
player-last = Último paso
player-more = Más controles: velocidad, restablecer, insertar
player-reset = Restablecer entradas
player-reset-description = Volver a las entradas propias del recorrido
player-embed = Insertar
player-embed-description = Insertar este paso en la página de un curso
player-speed = Velocidad
speed-slow = lenta
speed-normal = normal
speed-fast = rápida
play-word-play = Reproducir
play-word-pause = Pausa

## Un recorrido
walkthrough-tabs = Recorridos de esta lección
steps-heading = Pasos
next-in-course = Lo siguiente del curso
edit-help = Las flechas se mueven entre los números. Intro edita un número de entrada o explica uno calculado.
lesson-label = Lección { $number } · { $title }
own-walkthrough = Escrito para este curso
weights-random = Pesos aleatorios
weights-trained = Entrenado en { $what }
weights-trained-detail = Los tokens son el ejemplo de prueba de { $what }, no las palabras del recorrido: ese modelo solo conoce los símbolos de su tarea, así que este recorrido muestra las palabras solo con pesos aleatorios. Cambia a pesos aleatorios para comparar; el modelo de lenguaje del laboratorio, entrenado con texto real, está en «Un modelo entrenado lee una frase».
weights-random-detail = Estos pesos se sortean a partir de la semilla, sin entrenar: la aritmética es exacta, pero no se aprendió nada. Los pesos entrenados que se ofrecen vienen de una tarea de juguete con dígitos; el modelo de lenguaje del laboratorio, entrenado con texto real, está en «Un modelo entrenado lee una frase».
open-own = Abrir el tuyo…
open-own-description = Abrir un archivo de recorrido que hayas escrito (consulta el formato de los recorridos)
opened-own = Se abrió tu recorrido «{ $title }».
next-lesson = Siguiente: Lección { $number } · { $title } →
next-same-lesson = Siguiente en esta lección: { $title } →

## Un paso
step-progress = Paso { $number } de { $total }
step-announce = Paso { $number } de { $total }: { $title }
formula-scrolls = Fórmula (se desplaza en horizontal)
explain-heading = Explicar este número: { $matrix }, fila { $row }, columna { $column }
explain-exact = Valor exacto: { $value }
pipeline-label = Dónde está este paso en un transformer
pipeline-caption = En un transformer:
pipeline-link-title = Lección { $number }: { $title }
numbers-as-table = Los números en una tabla
wide-full-size = Números a tamaño completo
wide-fit-all = Encajar las { $count } columnas
wide-all-shown = Se muestran las { $count } columnas.
wide-columns-shown = Se muestran las columnas { $first }–{ $last } de { $count }; desplázate en horizontal para ver el resto.

## El glosario
glossary-source = Fuente: { $title }
glossary-summary = Glosario ({ $count } términos)

## El diálogo de inserción
embed-heading = Insertar este paso
embed-intro = Pega esto en la página de un curso (un bloque HTML en Moodle, Canvas, Open edX, un blog…). Se abre en este recorrido y este paso, con las entradas que hayas editado. La línea del script es opcional: hace que el marco sea tan alto como su contenido.
embed-options = Opciones
embed-hide-prose = Ocultar las explicaciones
embed-hide-steps = Ocultar la lista de pasos
embed-hide-editors = Ocultar los editores (números de solo lectura)
embed-hide-export = Ocultar el menú de exportación
embed-exam = Modo examen: una respuesta por pregunta, registrada sin comentarios; las entradas no se pueden cambiar
embed-code = Código para insertar
embed-copy = Copiar
embed-copied = Copiado al portapapeles.
embed-copy-refused = El navegador no permitió copiar: el código está seleccionado, pulsa Ctrl+C (⌘C en un Mac).
embed-close = Cerrar
report-button = Informe de la clase…
report-heading = Informe de la clase
report-intro = Abre los resultados que exportó tu curso: las declaraciones que el laboratorio envió a tu almacén de registros de aprendizaje o a tu LMS (xAPI, un archivo JSON), o el informe de interacciones SCORM de Moodle (descargado con «Resumen de la pregunta» y «Resumen del resultado» marcados). Para cada pregunta: la parte de los estudiantes que acertaron al primer intento y los errores que el motor identificó en los demás. El archivo se lee en este navegador; no se envía a ningún sitio.
report-open = Abrir un archivo de resultados (JSON, o el informe de Moodle)…
report-read = { $file }: { $learners } estudiantes, { $questions } preguntas.
report-refused = No se pudo leer { $file }: { $reason }
report-too-large = se esperaba un archivo de resultados de { $max } como mucho, y tiene { $size }
report-question = { $title } ({ $walkthrough })
report-right-first = Acertaron al primer intento: { $right } de { $learners } estudiantes ({ $share }).
report-table-caption = Primeros intentos en «{ $title }»
report-col-answer = Primer intento
report-col-learners = Estudiantes
report-col-share = Parte
report-right = Correcto
report-unnamed = Incorrecto, sin error identificado
report-undiagnosed = Incorrecto (el archivo no registra diagnóstico)
embed-frame-title = Attention Lab: { $title }
embed-private = Esta página se ejecuta en { $where }.
embed-private-detail = Solo este ordenador puede abrir esa dirección: en un curso, el alumnado vería un marco vacío. Sube los archivos de la página a un servidor web al que pueda llegar y escribe aquí su dirección; el código de abajo apuntará entonces allí.
embed-public-address = Dirección pública del sitio
embed-address-refused = { $reason }. El código de abajo sigue usando la última dirección válida.

## El menú de exportación
export-summary = Exportar
export-load-failed = No se pudieron cargar las herramientas de exportación ({ $reason }); comprueba la conexión y vuelve a cerrar y abrir «Exportar».
panel-load-failed = No se pudo cargar esta parte del paso ({ $reason }); comprueba la conexión y vuelve a cargar la página.
embed-dialog-failed = No se pudo cargar el cuadro «Insertar» ({ $reason }); comprueba la conexión y vuelve a intentarlo.
class-report-failed = No se pudo cargar el informe de la clase ({ $reason }); comprueba la conexión y vuelve a intentarlo.
training-engine-failed = No se pudo cargar el motor de entrenamiento ({ $reason }); comprueba la conexión y vuelve a cargar la página.
cost-engine-failed = No se pudo cargar el motor para medir ({ $reason }); comprueba la conexión y vuelve a cargar la página.
export-fallback = El texto para copiar (selecciónalo y pulsa Ctrl+C, o ⌘C en un Mac)
export-failed = Esa exportación no funcionó: { $reason }
export-no-matrix = Este paso no tiene ninguna matriz que exportar; el ejemplo de abajo tiene los números de todos los pasos.
export-svg-limit = El SVG se ofrece hasta { $count } celdas; esta matriz solo se exporta en PNG.
export-matrix-group = Una matriz de este paso
export-matrix = Matriz
export-download-svg = Descargar SVG
export-download-csv = Descargar CSV
export-download-png = Descargar PNG
export-saved = Guardado { $file }.
export-saved-csv = Guardado { $file }: cada número con todas sus cifras.
export-example-group = El ejemplo, todos los pasos
export-format = Formato
export-latex = LaTeX (números como se muestran)
export-torch = Script de PyTorch
export-numpy = Script de NumPy
export-download = Descargar
export-copy = Copiar
export-copy-refused = Este navegador no permitió copiar: el texto está en el cuadro de abajo, seleccionado, listo para Ctrl+C (⌘C).
export-print = Imprimir la hoja
export-paper-group = En papel
export-paper-note = Todos los pasos con sus números y fórmulas, maquetados para A4 o Carta.

## Ejercicios
exercise-check = Comprobar
exercise-your-answer = Tu respuesta
exercise-try-again = Inténtalo de nuevo.
exercise-recorded = Tu respuesta, { $given }, queda registrada. En el modo examen cada pregunta admite una sola respuesta.
exercise-right-value = Correcto: el valor del motor es { $value }.
exercise-engine-value = El valor del motor es { $value }.
exercise-not-quite = No exactamente.
exercise-not-quite-no-mistake = No exactamente, y no coincide con ninguno de los errores habituales.
exercise-value-gone = Con estas entradas los pasos ya no muestran este número (las entradas propias del recorrido sí: «Restablecer entradas» las recupera).
mistake-unscaled = Ese es el valor sin dividir las puntuaciones entre √d_k.
mistake-divided-by-dk = Eso es lo que da dividir entre d_k; las puntuaciones se dividen entre √d_k, su raíz cuadrada.
mistake-mask-ignored = Ese es el valor sin la máscara; una clave bloqueada no recibe peso.
mistake-no-softmax = Esa es la propia puntuación escalada; los pesos son el softmax de cada fila de puntuaciones escaladas.
mistake-column-softmax = Eso es un softmax por columna, sobre las consultas; los pesos de cada consulta son un softmax sobre su propia fila de claves.
mistake-rounded-early = Casi: eso es lo que da redondear cada resultado intermedio a dos decimales. Guarda más cifras hasta el final.
mistake-alibi-off-by-one-head = Eso es 2^(−8k/H): la pendiente de la cabeza k es 2^(−8(k+1)/H).
mistake-alibi-reversed-heads = Esa es la pendiente de la cabeza contada desde el otro extremo; la cabeza 0 es la más pronunciada.
mistake-alibi-plain-slopes = Eso es 2^(−8(k+1)/H); si H no es potencia de dos, el artículo intercala las pendientes de dos potencias de dos.
mistake-alibi-positive-bias = Ese es un sesgo positivo; ALiBi resta pendiente·|i − j|.
mistake-alibi-signed-distance = Eso es i − j sin valor absoluto, que premia las claves posteriores.
mistake-alibi-scaled-bias = Eso es el sesgo dividido también entre √d_k; se suma después de escalar.
mistake-theta-to-the-position = Eso es lo que da girar la pareja i θᵢ elevado a la posición; el ángulo es la posición por θᵢ.
mistake-wrong-convention = Eso es lo que da emparejar las columnas de la otra manera; esta capa las empareja según su convención (por mitades o intercaladas).
mistake-rotated-values = Eso es lo que da girar también los valores; RoPE solo gira las consultas y las claves, y los valores se quedan como están.
list-and = {" "}y{" "}
pick-key-refused = Elige una de las claves { $keys }.
pick-key-answer = { $key } recibe el mayor peso, { $weight }.
pick-key-answer-tie = { $keys } empatan con el mayor peso, { $weight } cada una.
pick-key-right = Correcto: { $key } recibe { $weight }, el mayor peso de la fila. El softmax conserva el orden de las puntuaciones escaladas, así que gana la mayor.
pick-key-mask-ignored = Sin la máscara { $key } recibiría el mayor peso, pero la máscara la bloquea para esta consulta: su peso es 0.
pick-key-blocked = La máscara bloquea { $key } para esta consulta: su peso es 0.
pick-key-wrong = { $key } recibe { $weight }; otra clave recibe más.
order-refused = Ordena los { $count } pasos: { $steps }.
order-answer = El orden es: { $order }.
order-right = Correcto: { $order }.
order-right-mask-first = Correcto: bloquear una puntuación antes de dividir entre √d_k da los mismos pesos (una puntuación bloqueada sigue bloqueada). El motor divide primero: { $order }.
order-why-other = «{ $first }» va antes que «{ $second }».
order-why-scores-scale = No hay nada que dividir entre √d_k antes de que existan los productos escalares Q·Kᵀ.
order-why-scale-softmax = La división entre √d_k va antes del softmax: suaviza las puntuaciones que el softmax convierte en pesos; dividir los pesos dejaría filas que ya no suman 1.
order-why-mask-softmax = La máscara se aplica a las puntuaciones antes del softmax: un peso bloqueado después dejaría la fila sumando menos de 1.
order-why-softmax-output = La suma ponderada de los valores necesita los pesos, que salen del softmax.
order-why-scores-mask = La máscara bloquea puntuaciones, así que las puntuaciones van primero.
order-why-scores-softmax = El softmax convierte puntuaciones en pesos, así que las puntuaciones van primero.
order-why-scores-output = La suma ponderada necesita pesos, y estos salen de las puntuaciones.
order-caption = { $caption }: el primer paso arriba
order-move-up = Subir { $step }
order-move-down = Bajar { $step }
order-moved = { $step } es ahora el paso { $number } de { $total }.
cell-empty = Escribe un número, p. ej. 0,5 o -2.
cell-not-number = «{ $text }» no es un número finito; escribe uno como 0,5 o -2.
component-snippet-intro = Pega esto en una página de un sitio que ejecute scripts (Jupyter Book, MkDocs, Docusaurus…), con attention-lab.js y los archivos que lo acompañan copiados al sitio. Los números editados no se trasladan: la etiqueta abre las entradas propias del recorrido.
training-title = Mira cómo aprende la atención

## Avisos: enlaces, entradas escritas, carga
link-no-lesson = No hay ninguna lección llamada { $value } (se esperaba un número del 1 al { $last } o uno de { $names }), así que se muestra el ejemplo resuelto.
link-no-walkthrough = No hay ningún recorrido llamado { $value }, así que se muestra el ejemplo resuelto.
link-bad-step = El paso { $value } no es un nombre de paso, así que el recorrido empieza por su primer paso.
link-bad-weights = El valor { $value } de weights en el enlace no es «random», así que el recorrido muestra sus pesos habituales.
link-inputs-unreadable = No se han podido leer las entradas de este enlace: { $reason }. Se muestran las entradas propias del recorrido.
link-inputs-not-json = Las entradas de este enlace no son JSON válido, así que se muestran las entradas propias del recorrido.
link-inputs-misfit = Las entradas de este enlace no encajan en este recorrido, así que se muestran las suyas propias.
link-inputs-not-base64 = su forma comprimida está dañada (hay caracteres que no son base64url)
link-inputs-too-large = descomprimidas ocupan más de { $megabytes } MB
link-inputs-damaged = su forma comprimida está dañada (cortada, o cambiada a mano)
link-layer-alone = La capa (layer) del enlace solo se usa junto con un recorrido (w=…), así que se ha ignorado.
link-no-trained = El recorrido { $value } no puede mostrar los pesos de un modelo entrenado, así que muestra los suyos.
link-malformed = El enlace está mal formado: { $name } tiene un «%» que no va seguido de dos dígitos hexadecimales (o no codifica ningún carácter), así que se ha ignorado.
link-hash-malformed = La parte # del enlace está mal formada: { $name } tiene un «%» que no va seguido de dos dígitos hexadecimales (o no codifica ningún carácter), así que se ha ignorado.
link-repeated = El enlace da { $name } más de una vez; se ha usado la primera.
link-hash-repeated = La parte # del enlace da { $name } más de una vez; se ha usado la primera.
link-unknown = Esta página no conoce el parámetro { $name } del enlace; se ha ignorado.
link-training-not-whole = El valor { $value } de { $key } en el enlace no es un número entero, así que se usa el de la tarea por defecto.
link-training-not-number = El valor { $value } de { $key } en el enlace no es un número, así que se usa el de la tarea por defecto.
link-training-no-task = No hay ninguna tarea de entrenamiento llamada { $value } (se esperaba una de { $tasks }), así que la lección empieza con compare.
link-training-no-optimizer = El optimizador { $value } del enlace no es ninguno de { $optimizers }, así que se usa el de la tarea por defecto.
link-training-bad-steps = Los pasos (steps) { $value } del enlace no son un número entero de hasta 100000, así que el modelo empieza sin entrenar.
link-training-bad-layer = La capa (layer) { $value } del enlace no es un número de capa, así que se muestra la primera.
input-no-words = { $label }: escribe al menos una palabra.
input-no-text = { $label }: escribe algún texto.
input-not-number = { $label }: «{ $text }» no es un número.
input-not-whole = { $label }: se esperaba un número entero y se ha recibido { $value }.
input-too-small = { $label }: se esperaba al menos { $min } y se ha recibido { $value }.
input-too-large = { $label }: se esperaba como mucho { $max } y se ha recibido { $value }.
notice-code-unavailable = No se ha podido cargar el código de este recorrido ({ $reason }); comprueba la conexión y vuelve a intentarlo.
notice-engine-unavailable = No se ha podido cargar el motor que necesita esta lección ({ $reason }); comprueba la conexión y vuelve a intentarlo.
notice-language-model-unavailable = No se ha podido cargar el modelo de lenguaje que lee esta lección ({ $reason }); comprueba la conexión y vuelve a intentarlo.
notice-language-model-not-in-file = Este archivo sin conexión no lleva el modelo de lenguaje que lee este recorrido. Descarga este recorrido desde el laboratorio (su archivo lleva el modelo) o ábrelo en el sitio del laboratorio; los demás recorridos de la lección funcionan aquí.
loading-language-model = Cargando el modelo de lenguaje…
notice-trained-unavailable = No se han podido cargar los pesos entrenados ({ $reason }), así que este recorrido muestra pesos aleatorios.
notice-trained-refused = «{ $title }» no puede mostrar los pesos de un modelo entrenado (solo pueden los recorridos de autoatención multicabeza y de la capa del codificador), así que muestra los suyos.
notice-exercises-misplaced = Los ejercicios de este recorrido no se pueden mostrar: { $problem }.
notice-own-numbers-refused = No se pudieron sortear números propios para ti en este recorrido, así que muestra los de su archivo: { $reason }
own-numbers-drawn = Tus propios números, sorteados para «{ $learner }»: otros estudiantes tienen otros.
notice-no-step = Este recorrido no tiene ningún paso «{ $step }», así que empieza por el primero.
notice-refused-inputs = El motor ha rechazado estas entradas: { $reason }
notice-refused-value = El motor ha rechazado este valor: { $reason }
## Elegir una celda, cuadrículas, gráficos, la plataforma del curso
pick-cell-of-row = de la fila «{ $row }»
pick-cell-of-column = de la columna «{ $column }»
pick-cell-of-matrix = de la matriz
pick-cell-wanted-max = el número más grande { $where }
pick-cell-wanted-min = el número más pequeño { $where }
pick-cell-wanted-blocked = una celda que la máscara bloquea { $where }
pick-cell-gone = Estos pasos no muestran esta matriz: sí la muestran las entradas y los pesos propios del recorrido (Restablecer entradas, o los pesos aleatorios, los recuperan).
pick-cell-pick-one = Elige una celda { $where }.
pick-cell-none = Con estas entradas ninguna celda es { $wanted } (las entradas propias del recorrido tienen una: Restablecer entradas las recupera).
pick-cell-name = «{ $name }»
pick-cell-name-both = fila «{ $row }», columna «{ $column }»
pick-cell-blocked-word = bloqueada
pick-cell-answer-blocked = La máscara bloquea { $cells }.
pick-cell-answer = { $wanted } está en { $cell }: { $number }.
pick-cell-answer-tie = { $wanted }, { $number }, está en { $cells }.
pick-cell-and-at = {" "}y en{" "}
pick-cell-right-blocked = Correcto: la máscara bloquea { $cell }: no recibe ningún peso.
pick-cell-right = Correcto: { $cell } vale { $number }, { $wanted }.
pick-cell-wrong-open = La máscara deja pasar { $cell }: vale { $number }.
pick-cell-wrong-blocked = La máscara bloquea { $cell }: no interviene.
pick-cell-wrong-more = { $cell } vale { $number }; otra celda vale más.
pick-cell-wrong-less = { $cell } vale { $number }; otra celda vale menos.
grid-label = { $label }: { $rows } por { $columns }, dibujada con colores.
grid-hint-edit = Señala una celda, o enfoca la cuadrícula y usa las flechas, para leer su valor; pulsa Intro o haz clic para editarlo.
grid-hint-explain = Señala una celda, o enfoca la cuadrícula y usa las flechas, para leer su valor; haz clic o pulsa Intro para que se explique.
grid-hint-read = Señala una celda, o enfoca la cuadrícula y usa las flechas, para leer su valor.
grid-readout = { $row }, { $column }: { $value } (exacto { $exact })
grid-readout-blocked = { $row }, { $column }: { $value } (exacto { $exact }), bloqueada por la máscara
chart-table-summary = Los números en una tabla
chart-unavailable = No se ha podido cargar este gráfico ({ $reason }); comprueba la conexión y vuelve a cargar la página.
edit-refused-see-notice = El motor ha rechazado este valor (mira el aviso de arriba).
inputs-reset = Las entradas vuelven a ser las propias del recorrido.
lms-silent = La plataforma de aprendizaje del curso no ha respondido, así que el progreso y la nota de esta lección no se están registrando allí. La lección funciona como siempre.
lms-refused = La plataforma de aprendizaje del curso ha rechazado parte del registro de esta lección, así que tu posición, tus respuestas o tu nota allí pueden estar incompletas. La lección funciona como siempre.
lms-saved-unreadable = No se han podido leer tus respuestas guardadas en este curso, así que la lección empieza desde el principio. No se ha perdido nada más.

## De dónde vienen los pesos de una capa, la hoja impresa (i18n-rest)
count-steps = { $count } pasos
count-steps-one = { $count } paso
weights-label-random = Pesos aleatorios, sin entrenar (semilla { $seed }): nada aprendido
weights-label-trained = Pesos entrenados: { $what }, semilla { $seed }, { $steps }, capa { $layer } de { $layers }
weights-statement-random = Estos pesos son aleatorios (sin entrenar): el patrón es aritmética exacta, pero aún no significa nada.
weights-statement-trained = Estos pesos se entrenaron en { $what } durante { $steps }: el patrón es lo que el modelo aprendió allí, nada sobre palabras.
weights-statement-trained-accuracy = Estos pesos se entrenaron en { $what } durante { $steps } (precisión con datos reservados: { $accuracy }): el patrón es lo que el modelo aprendió allí, nada sobre palabras.
weights-compare-random = Comparar con pesos aleatorios
weights-see-trained = Ver pesos entrenados en una tarea de juguete (dígitos)
trained-intro = Los pasos de la capa { $layer } de un transformer pequeño que el motor entrenó en { $what } (semilla { $seed }), sobre el ejemplo de prueba de esa tarea ({ $tokens }), con cada número calculado de nuevo a partir de los pesos aprendidos. Estos tokens no son palabras: este modelo solo conoce los símbolos de su tarea.
trained-intro-open = Para ver cómo aprende un modelo así, abre { $link }.
handout-note = Attention Lab. Cada número de esta hoja lo calculó el motor para estas entradas y está redondeado a 3 decimales para leerlo. En la página, al seleccionar cualquier número calculado se ve su cuenta con los números puestos; en papel, hazla a partir de los números impresos aquí.
handout-columns = Columnas { $first }–{ $last } de { $count }
training-code-failed = No se pudo cargar el código de la lección ({ $reason }); comprueba la conexión y vuelve a intentarlo.
trained-load-failed = No se pudieron cargar los pesos entrenados ({ $reason }); comprueba la conexión y vuelve a intentarlo.

## Matrices, mapas de calor y gráficos (i18n-rest)
grid-row = fila { $label }
grid-column = columna { $label }
grid-row-sum = suma de la fila { $value }
grid-row-sum-title = suma de la fila, calculada por el motor
matrix-every-number = { $caption }, todos los números
heatmap-axes = filas: { $rows } 0 … { $lastrow } (de arriba abajo) · columnas: { $columns } 0 … { $lastcolumn } (de izquierda a derecha)
token-looks = Adónde mira «{ $token }» (palabra { $number }):
exact-title = exacto: { $value }
## Lo que anuncia una edición
edit-cell-said = { $matrix }, fila { $row }, columna { $column }, vale ahora { $value }; se han vuelto a calcular todos los pasos.
edit-mask-said = La máscara en la fila { $row }, columna { $column }, vale ahora { $value }.
edit-parameter-said = { $label } vale ahora { $value }; se han vuelto a calcular todos los pasos.

## Ejercicios que dicen los empates, y en qué se entrenaron los pesos
pick-key-right-tie = Correcto: { $key } recibe { $weight }, el mayor peso de la fila, empatada con { $others }: sus puntuaciones escaladas son iguales, así que el softmax les da el mismo peso.
pick-key-mask-ignored-tie = Sin la máscara { $key } empataría con { $others } con el mayor peso, pero la máscara bloquea { $key } para esta consulta: su peso es 0.
pick-cell-right-tie = Correcto: { $cell } vale { $number }, { $wanted }, empatada con { $others }.
pick-cell-name-row = «{ $name }» (fila { $number })
pick-cell-name-column = «{ $name }» (columna { $number })
pick-cell-task = elige { $wanted }
pick-cell-pick-any = elige una celda
weights-what-toy = la tarea de juguete «{ $task }» con dígitos
weights-what-iris = las cuatro medidas de las flores Iris

## Progreso guardado, exámenes y su repaso (i18n-progress)
progress-unreadable = No se ha podido leer tu progreso guardado, así que empieza de nuevo. Se conserva aparte en el almacenamiento de este navegador con la clave «{ $key }»; no se ha borrado nada.
progress-partly-unreadable = No se ha podido leer una parte de tu progreso guardado. Se conserva aparte en el almacenamiento de este navegador con la clave «{ $key }»; el resto se usa.
exam-answer-first = Esto es un examen: responde «{ $title }» antes de que se abran los pasos siguientes.
exam-finish-first = Esto es un examen: responde «{ $title }» y las preguntas siguientes antes de abrir otro recorrido.
exam-step-locked = { $title } (se abre cuando se responde la pregunta anterior)
review-heading = Tus respuestas
review-score = Puntuación: { $correct } de { $total } correctas.
review-score-partial = Puntuación hasta ahora: { $correct } de { $total } correctas ({ $answered } respondidas).
review-given = Tu respuesta: { $given }.
review-not-answered = Aún sin responder.
review-right = Correcta.
review-wrong = Incorrecta.
review-first-counts = Puntúa la primera respuesta a cada pregunta; los intentos posteriores se guardan, pero no cambian la puntuación.
export-print-key = Imprimir la hoja con las soluciones
export-versions = Versiones
export-print-versions = Imprimir las versiones con sus soluciones
export-versions-refused = Versiones: se esperaba un número entero de 1 a { $max }, y llegó «{ $value }».
handout-version = Versión { $number } de { $count }
handout-questions-note = Resuelve cada pregunta en papel antes de comprobarla en la página. Los pasos que muestran las respuestas no se incluyen.
handout-key-heading = Soluciones, para el profesor
handout-key-note = Los pasos que muestran las respuestas, con los números del motor para estos datos.
export-example-withheld = El ejemplo completo se ofrece cuando se han respondido todas las preguntas del examen.

## La velocidad de un enlace de entrenamiento
link-training-no-speed = La velocidad { $value } del enlace no es ninguna de { $speeds }, así que se usa la de la lección por defecto.
` + SPANISH_AUTHORING + SPANISH_ENGINE_SENTENCES;
