// Las palabras del laboratorio de costes en español: the Spanish of cost-lab-words-en.ts, fetched
// only when the page speaks Spanish. Same ids and arguments (tests/page/i18n-views.test.mjs).
export const SPANISH = `
cost-variant-full = atención completa
cost-variant-flash = flash attention (por bloques)
cost-variant-chunked = atención por trozos
cost-variant-linear = atención lineal
cost-variant-sparse = dispersa (ventana)
cost-variant-rnn = RNN
cost-refused = rechazada
cost-refusal = { $variant }, n = { $n }: { $reason }
cost-cancel = Cancelar
cost-forget = Olvidar las mediciones
cost-progress-label = Mediciones hechas
cost-start = Empezar a medir
cost-continue = Seguir midiendo
cost-now = Medidas { $done } de { $total }; ahora { $variant } con n = { $n }.
cost-cancelled = Cancelado tras { $done } de { $total } mediciones; lo medido se conserva.
cost-all-done = Hechas las { $total } mediciones.
cost-some-done = { $done } de { $total } mediciones hechas.
cost-measured = Medidas { $done } de { $total }.
cost-scrolls = { $caption } (se desplaza de lado)
cost-head-variant = variante
cost-plan-caption = Tiempo mediano por llamada ({ $repeats } ejecuciones cronometradas de cada una, d = { $d })
cost-every-run = cada ejecución: { $seconds } s
cost-nothing-yet = Aún no hay nada medido: pulsa Empezar a medir.
cost-chart-caption = Segundos medianos por llamada frente a n (ambos ejes logarítmicos)
cost-chart-x = n (tokens)
cost-chart-y = segundos por llamada
cost-slope = { $variant }, pendiente { $slope }
cost-memory-caption = Mayor resultado intermedio por llamada: peakCells × 8 bytes
cost-complexity-caption = Coste teórico, y lo medido aquí
cost-head-time = tiempo
cost-head-memory = memoria
cost-head-slope = pendiente medida del tiempo
cost-head-largest = mayor n medido
cost-head-median = tiempo mediano ahí
cost-head-adds = multiplicaciones-sumas ahí
cost-head-peak = memoria máxima ahí
cost-legend = n: tokens, d: anchura, b: bloque de flash, c: trozo, w: ventana. La pendiente es una recta de mínimos cuadrados del logaritmo del tiempo frente al logaritmo de n en los tamaños medidos.
`;
