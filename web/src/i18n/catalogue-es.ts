// Las palabras de la página en español: the Spanish catalogue, loaded only when the page speaks
// Spanish (i18n/messages.ts). Same ids and arguments as catalogue-en.ts (tests/page/i18n.test.mjs).
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
own-walkthrough = Tu propio recorrido
title-on-trained = { $title }, con pesos entrenados
weights-random = Pesos aleatorios
weights-trained = Entrenado en { $task }
weights-trained-detail = La entrada es el ejemplo de prueba de la tarea { $task }, no la frase del recorrido: el modelo se entrenó con sus símbolos. Cada número es del motor, con los pesos entrenados.
weights-random-detail = Estos pesos se sortean a partir de la semilla: los patrones son aritmética exacta, no un significado aprendido. Elige pesos entrenados para ver lo que aprendió un modelo.
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
`;
