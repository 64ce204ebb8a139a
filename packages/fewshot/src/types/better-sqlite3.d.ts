// Just the slice of better-sqlite3's API this package uses (the package ships no types,
// and @types/better-sqlite3 is not installed).
declare module "better-sqlite3" {
  namespace Database {
    interface RunResult {
      changes: number;
      lastInsertRowid: number | bigint;
    }
    interface Statement {
      run(...params: unknown[]): RunResult;
      get(...params: unknown[]): unknown;
      all(...params: unknown[]): unknown[];
      iterate(...params: unknown[]): IterableIterator<unknown>;
    }
    interface Database {
      prepare(sql: string): Statement;
      exec(sql: string): this;
      pragma(source: string, options?: { simple?: boolean }): unknown;
      /** The wrapped function runs in BEGIN (deferred); `.immediate` runs it in BEGIN IMMEDIATE. */
      transaction<F extends (...args: any[]) => unknown>(fn: F): F & { immediate: F; deferred: F; exclusive: F };
      close(): this;
    }
  }
  const Database: {
    new (filename: string, options?: { readonly?: boolean; fileMustExist?: boolean }): Database.Database;
  };
  export = Database;
}
