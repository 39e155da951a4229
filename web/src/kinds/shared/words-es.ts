// Las palabras comunes a todos los tipos de recorrido, en español (same ids and arguments as words-en.ts).
export const SPANISH = `
kinds-seed = semilla
kinds-seed-none = ninguna
kinds-matrix-caption = { $title } ({ $shape })
`;
