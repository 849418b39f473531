/** Writes a CSV of `rows` order rows and resolves with the number of orders in it. */
export declare function generateOrdersCsv(file: string, rows: number, now?: number): Promise<number>;
