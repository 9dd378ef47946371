/** Compresses every text file of `dir` of at least 1 KB into .br and .gz siblings; answers how many. */
export function compressDist(dir: string): Promise<number>;
