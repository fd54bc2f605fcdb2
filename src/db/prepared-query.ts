import type { Compilable, CompiledQuery } from 'kysely';
import { engineOf, type Engine } from './engine.js';
import type { DbOrTrx } from './kysely.js';

/** Stands for one named parameter while the query is built; replaced by its value on each run. */
class ParameterSlot {
  constructor(readonly name: string) {}
}

type ScalarParameters = Record<string, string | number | bigint | null>;

/**
 * A query Kysely builds and compiles once, then runs with new values: for the few queries every
 * signed-in request runs, where building them again each time was a fifth of the request's CPU
 * (docs/decisions/013). The builder receives stand-ins for the parameters; each must end up as a bound
 * value (a comparison, an insert or update value), never as SQL text or an identifier. The values
 * are bound, never spliced into the SQL, exactly as Kysely binds them.
 */
export interface PreparedQuery<Params extends ScalarParameters, Row> {
  (db: DbOrTrx, params: Params): Promise<Row[]>;
  /** The SQL and bound values a run would send, for query-plan tests. */
  compiledWith(db: DbOrTrx, params: Params): CompiledQuery<Row>;
}

export function preparedQuery<Params extends ScalarParameters, Row>(
  build: (db: DbOrTrx, params: Params) => Compilable<Row>,
): PreparedQuery<Params, Row> {
  // Per engine: a process holds one database, but a tool such as db:copy may open both.
  const compiledFor = new Map<Engine, CompiledQuery<Row>>();

  const compile = (db: DbOrTrx): CompiledQuery<Row> => {
    const used = new Set<string>();
    const standIns = new Proxy({} as Params, {
      get(_target, name) {
        if (typeof name !== 'string') return undefined;
        used.add(name);
        return new ParameterSlot(name);
      },
    });
    const query = build(db, standIns).compile();
    const bound = new Set(
      query.parameters.flatMap((value) => (value instanceof ParameterSlot ? [value.name] : [])),
    );
    for (const name of used) {
      if (!bound.has(name)) throw new Error(`preparedQuery: "${name}" is not a bound value`);
    }
    return query;
  };

  const compiledWith = (db: DbOrTrx, params: Params): CompiledQuery<Row> => {
    const engine = engineOf(db);
    let compiled = compiledFor.get(engine);
    if (!compiled) compiledFor.set(engine, (compiled = compile(db)));
    const parameters = compiled.parameters.map((value) =>
      value instanceof ParameterSlot ? params[value.name] : value,
    );
    return { ...compiled, parameters };
  };
  const run = async (db: DbOrTrx, params: Params) =>
    (await db.executeQuery(compiledWith(db, params))).rows;
  return Object.assign(run, { compiledWith });
}
