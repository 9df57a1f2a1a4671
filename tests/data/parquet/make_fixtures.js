// Writes the Parquet fixtures of tests/data/parquet/ with DuckDB, a real Parquet writer, and
// lists each file's column chunks (path_in_schema, total_compressed_size) from DuckDB's own
// footer reader into chunks.tsv, so the tests check prune-plan's footer reader against another.
//
// Run outside the repository's tree of node modules:
//   mkdir -p /tmp/pq && cd /tmp/pq && npm install @duckdb/node-api
//   NODE_PATH=/tmp/pq/node_modules node tests/data/parquet/make_fixtures.js
// (from the repository's root). It also writes examples/parquet-orders/orders.parquet. DuckDB 1.5 writes 3-level lists, maps as key_value groups,
// structs, decimals on INT32/INT64/FIXED_LEN_BYTE_ARRAY, unsigned integers, timestamps with
// and without time zone, and Hive partition folders (PARTITION_BY).
const path = require('path');
const fs = require('fs');
const { DuckDBInstance } = require('@duckdb/node-api');

const here = __dirname;
const out = (name) => path.join(here, name);

async function main() {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  const run = (sql) => c.run(sql);

  // Every scalar type Spark maps, one row group.
  await run(`COPY (SELECT
      1::INTEGER AS i, 2::BIGINT AS l, 3::SMALLINT AS s, 4::TINYINT AS t,
      5::UTINYINT AS u8, 6::USMALLINT AS u16, 7::UINTEGER AS u32, 8::UBIGINT AS u64,
      1.5::FLOAT AS f, 2.5::DOUBLE AS d,
      1.25::DECIMAL(5,2) AS dec_i32, 12345.67::DECIMAL(15,2) AS dec_i64,
      123.4567::DECIMAL(30,4) AS dec_flba,
      'x'::VARCHAR AS str, 'ab'::BLOB AS bin, true AS flag,
      DATE '2024-05-01' AS day, TIMESTAMP '2024-05-01 10:00:00' AS ts_ntz,
      TIMESTAMPTZ '2024-05-01 10:00:00+00' AS ts_utc,
      TIMESTAMP_MS '2024-05-01 10:00:00' AS ts_ms
    ) TO '${out('types.parquet')}' (FORMAT PARQUET)`);

  // Nested types over two row groups of 3 rows.
  await run(`COPY (SELECT
      r AS id,
      {'first': 'a' || r, 'last': 'b' || r, 'age': r} AS name,
      [{'sku': 's' || r, 'qty': r, 'price': r * 1.5}] AS items,
      MAP {'k' || r: r * 2} AS attrs,
      [[r, r + 1], [r + 2]] AS matrix,
      ['t' || r, 'u'] AS tags
    FROM range(6) t(r)) TO '${out('nested.parquet')}' (FORMAT PARQUET, ROW_GROUP_SIZE 3)`);

  // Hive partition folders: year (int) and country (string).
  fs.rmSync(out('partitioned'), { recursive: true, force: true });
  await run(`COPY (SELECT r AS id, 'v' || r AS payload, 2023 + r % 2 AS year,
                          CASE WHEN r % 3 = 0 THEN 'NO' ELSE 'SE' END AS country
                   FROM range(4) t(r))
             TO '${out('partitioned')}' (FORMAT PARQUET, PARTITION_BY (year, country))`);

  // Two files whose schemas differ, for --merge-schema.
  fs.rmSync(out('evolving'), { recursive: true, force: true });
  fs.mkdirSync(out('evolving'));
  await run(`COPY (SELECT 1 AS id, {'a': 1} AS s) TO '${out('evolving/part-0.parquet')}' (FORMAT PARQUET)`);
  await run(`COPY (SELECT 2 AS id, {'a': 2, 'b': 'x'} AS s, 'new' AS extra)
             TO '${out('evolving/part-1.parquet')}' (FORMAT PARQUET)`);

  // The example of examples/parquet-orders: orders with a customer and line items.
  await run(`COPY (SELECT r::INTEGER AS id,
                          {'name': 'c' || r, 'city': 'Oslo'} AS customer,
                          [{'sku': 's' || r, 'qty': r::INTEGER, 'price': r * 1.5}] AS items,
                          'note ' || r AS note
                   FROM range(3) t(r))
             TO '${path.join(here, '../../../examples/parquet-orders/orders.parquet')}'
             (FORMAT PARQUET)`);

  // Types Spark 4 rejects by default.
  await run(`COPY (SELECT TIMESTAMP_NS '2024-05-01 10:00:00' AS ts) TO '${out('nanos.parquet')}' (FORMAT PARQUET)`);
  await run(`COPY (SELECT TIME '10:00:00' AS t) TO '${out('time.parquet')}' (FORMAT PARQUET)`);

  // The column chunks as DuckDB's footer reader sees them.
  const files = ['types.parquet', 'nested.parquet', 'evolving/part-0.parquet',
                 'evolving/part-1.parquet'];
  const partitioned = fs.readdirSync(out('partitioned'), { recursive: true })
    .filter((f) => f.endsWith('.parquet')).map((f) => 'partitioned/' + f).sort();
  let tsv = '# file\trow_group\tpath_in_schema\ttotal_compressed_size (DuckDB parquet_metadata)\n';
  for (const f of files.concat(partitioned)) {
    const r = await c.runAndReadAll(`SELECT row_group_id, path_in_schema, total_compressed_size
        FROM parquet_metadata('${out(f)}') ORDER BY row_group_id, column_id`);
    for (const [g, p, size] of r.getRows()) {
      tsv += `${f}\t${g}\t${p}\t${size}\n`;
    }
  }
  fs.writeFileSync(out('chunks.tsv'), tsv);
}

main().catch((e) => { console.error(e); process.exit(1); });
