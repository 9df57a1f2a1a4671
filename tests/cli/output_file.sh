#!/usr/bin/env bash
# `-o FILE` (README "Output files"): FILE is replaced whole by a completed run (exit 0, 1 or 4)
# with exactly what standard output would have held, and left as it was by a run that stops
# before its statements or cannot finish them; FILE may not be an input (compared as files);
# no temporary is left behind; two runs at once never mix; `-o -` is standard output; a FILE
# that cannot be written is a clear I/O error (exit 2).
# Usage: output_file.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"
have_jq || finish

write q.sql 'SELECT name.first FROM people'
write two.sql 'SELECT name.first FROM people; SELECT nope FROM people; SELECT tags FROM people'
write bad.sql 'SELECT nope FROM people'
write s.ddl "$PEOPLE_DDL"
write rows.jsonl '{"id":1,"name":{"first":"Ann","last":"Lee"},"tags":[]}
'
write old.txt 'the previous result'

# fresh NAME: a FILE holding the previous result.
fresh() {
    cp old.txt "$1"
}

# expect_old FILE WHAT: FILE still holds the previous result.
expect_old() {
    expect_same_file "$1" old.txt "$2: the previous file is kept"
}

# expect_no_temporary WHAT: no temporary file is left in the working folder.
expect_no_temporary() {
    about "ls -A (after: $1)"
    [ -z "$(find . -maxdepth 2 -name '.prune-plan-*' -print)" ]
    check $? "$1: no temporary file left behind: $(find . -maxdepth 2 -name '.prune-plan-*')"
}

# --- a completed run replaces FILE with what stdout would hold --------------------------------
run two.sql --schema s.ddl -f json
expected_rc=$RC
cp "$OUT" expected-two.json
fresh out.json
run two.sql --schema s.ddl -f json -o out.json
expect_rc "$expected_rc" "-o with a rejected statement"
expect_eq "$RC" 1 "-o with a rejected statement: exit 1"
expect_same_file out.json expected-two.json "-o with a rejected statement: FILE is the JSON stdout"
expect_eq "$(jq -s -c 'map(has("error"))' out.json)" '[false,true,false]' \
    "-o with a rejected statement: its error object is part of the output"
expect_empty "$OUT" "-o: nothing on standard output"
expect_contains "$ERR" "two.sql:1:" "-o: the diagnostic still goes to standard error"
expect_no_temporary "-o with a rejected statement"

# Text: a rejected statement prints nothing on stdout, and FILE is what stdout would hold.
fresh out.txt
run bad.sql --schema s.ddl -o out.txt
expect_rc 1 "-o, text, every statement rejected"
expect_empty out.txt "-o, text, every statement rejected: FILE holds what stdout would (nothing)"

# A --verify difference (exit 4) is a completed run too.
write prices.sql 'SELECT transform(items, x -> x.price) AS p FROM orders'
write orders.ddl 'id BIGINT, items ARRAY<STRUCT<sku: STRING, price: DOUBLE>>'
write orders.jsonl '{"id":1,"items":[{"sku":"a","price":1.5}]}
'
fresh diff.txt
run prices.sql --schema orders.ddl --verify orders.jsonl --debug-no-rewrite -o diff.txt
expect_rc 4 "-o with a --verify difference"
expect_contains diff.txt "results DIFFER" "-o with a --verify difference: the report is in FILE"

# --- a run that stops or fails leaves FILE as it was --------------------------------------------
fresh out.txt
run missing.sql --schema s.ddl -o out.txt
expect_rc 2 "-o, query file missing"
expect_old out.txt "-o, query file missing"
fresh out.txt
run q.sql --schema missing.ddl -o out.txt
expect_rc 2 "-o, schema file missing"
expect_old out.txt "-o, schema file missing"
fresh out.txt
run q.sql --ddl 'id STRIN' -o out.txt
expect_rc 1 "-o, schema rejected"
expect_old out.txt "-o, schema rejected: no statement ran"
write empty.sql ''
fresh out.txt
run empty.sql --schema s.ddl -o out.txt
expect_rc 1 "-o, no statement in the query file"
expect_old out.txt "-o, no statement in the query file"
fresh out.txt
run q.sql --schema s.ddl --verify missing.jsonl -o out.txt
expect_rc 2 "-o, --verify rows file missing"
expect_old out.txt "-o, --verify rows file missing"
fresh out.txt
run q.sql --schema s.ddl --rules bogus -o out.txt
expect_rc 2 "-o, bad option value"
expect_old out.txt "-o, bad option value"
expect_no_temporary "runs that stop"

# A run that fails on the way: the rows file is read when the first statement needs it, and one
# of 4 GiB (sparse: no disk space) is refused then (exit 2), after the run had begun writing.
truncate -s 4294967296 huge.jsonl
fresh out.txt
run q.sql --schema s.ddl --verify huge.jsonl -o out.txt
expect_rc 2 "-o, a run that fails on the way"
expect_contains "$ERR" "cannot read 'huge.jsonl': 4294967296 bytes" "-o, a run that fails on the way"
expect_contains "$ERR" "prune-plan: 'out.txt' not written: the run did not complete" \
    "-o, a run that fails on the way: says FILE was not written"
expect_old out.txt "-o, a run that fails on the way"
rm -f huge.jsonl
if [ "$(id -u)" != 0 ]; then # root reads anything
    write locked.jsonl '{"id":1}'
    chmod 000 locked.jsonl
    fresh out.txt
    run q.sql --schema s.ddl --verify locked.jsonl -o out.txt
    expect_rc 2 "-o, --verify rows file unreadable"
    expect_contains "$ERR" "cannot read 'locked.jsonl': Permission denied" \
        "-o, --verify rows file unreadable: the message"
    expect_old out.txt "-o, --verify rows file unreadable"
    chmod 644 locked.jsonl
fi
expect_no_temporary "runs that fail"

# --- FILE may not be an input --------------------------------------------------------------------
cp s.ddl s.ddl.orig
cp q.sql q.sql.orig
cp rows.jsonl rows.jsonl.orig
run q.sql --schema s.ddl -o s.ddl
expect_rc 2 "-o naming the schema file"
expect_contains "$ERR" "prune-plan: --output s.ddl is the schema file; writing the result there would destroy it" \
    "-o naming the schema file: the message"
expect_same_file s.ddl s.ddl.orig "-o naming the schema file: the schema is kept"
expect_empty "$OUT" "-o naming the schema file: nothing on stdout"
run q.sql --schema s.ddl -o ./q.sql
expect_rc 2 "-o naming the query file by another path"
expect_contains "$ERR" "--output ./q.sql is the query file ('q.sql')" \
    "-o naming the query file by another path: the message"
expect_same_file q.sql q.sql.orig "-o naming the query file: the query is kept"
ln -s s.ddl schema-link.ddl
run q.sql --schema s.ddl -o schema-link.ddl
expect_rc 2 "-o naming the schema through a symbolic link"
expect_contains "$ERR" "is the schema file ('s.ddl')" "-o through a link: the message"
expect_same_file s.ddl s.ddl.orig "-o through a link: the schema is kept"
ln s.ddl hard-link.ddl
run q.sql --schema hard-link.ddl -o s.ddl
expect_rc 2 "-o naming the schema through a hard link"
expect_same_file s.ddl s.ddl.orig "-o through a hard link: the schema is kept"
run q.sql --schema s.ddl --verify rows.jsonl -o rows.jsonl
expect_rc 2 "-o naming the --verify rows file"
expect_contains "$ERR" "--output rows.jsonl is a --verify rows file" "-o naming rows: the message"
expect_same_file rows.jsonl rows.jsonl.orig "-o naming the rows file: the rows are kept"
"$BIN" - --schema s.ddl -o q.sql <q.sql >"$OUT" 2>"$ERR"
RC=$?
LAST_CMD="prune-plan - --schema s.ddl -o q.sql < q.sql"
expect_rc 2 "-o naming the file on standard input"
expect_same_file q.sql q.sql.orig "-o naming the file on standard input: it is kept"
expect_no_temporary "-o naming an input"

# --- -o - is standard output; an empty name is a usage error --------------------------------------
run q.sql --schema s.ddl
cp "$OUT" expected-q.txt
run q.sql --schema s.ddl -o -
expect_rc 0 "-o -"
expect_same_file "$OUT" expected-q.txt "-o - writes standard output"
expect_empty "$ERR" "-o -"
expect_eq "$(find . -maxdepth 1 -name '-' | wc -l | tr -d ' ')" 0 "-o - creates no file named -"
run q.sql --schema s.ddl -o ''
expect_rc 2 "-o ''"
expect_contains "$ERR" "--output needs a file name; use - for standard output" "-o '': the message"

# --- FILE's permissions and links ------------------------------------------------------------------
fresh mode.txt
chmod 640 mode.txt
run q.sql --schema s.ddl -o mode.txt
expect_rc 0 "-o over a file of mode 640"
expect_eq "$(stat -c %a mode.txt)" 640 "-o keeps an existing file's permissions"
expect_same_file mode.txt expected-q.txt "-o over a file of mode 640: content"
rm -f new.txt
(
    umask 027
    "$BIN" q.sql --schema s.ddl -o new.txt </dev/null >"$OUT" 2>"$ERR"
)
expect_eq "$(stat -c %a new.txt)" 640 "-o creates a new file as the umask says (027: 640)"
fresh real.txt
ln -s real.txt out-link.txt
run q.sql --schema s.ddl -o out-link.txt
expect_rc 0 "-o through a symbolic link"
[ -L out-link.txt ]
check $? "-o through a symbolic link: the link is kept"
expect_same_file real.txt expected-q.txt "-o through a symbolic link: the file it names is replaced"
mkdir -p sub
run q.sql --schema s.ddl -o sub/out.txt
expect_rc 0 "-o into another folder"
expect_same_file sub/out.txt expected-q.txt "-o into another folder: content"
run q.sql --schema s.ddl -o /dev/null
expect_rc 0 "-o /dev/null (written in place)"
expect_empty "$ERR" "-o /dev/null"
expect_no_temporary "-o over files"

# --- FILE that cannot be written: one clear message, exit 2 ---------------------------------------
run q.sql --schema s.ddl -o sub
expect_rc 2 "-o naming a directory"
expect_contains "$ERR" "prune-plan: cannot write 'sub': Is a directory" "-o naming a directory"
run q.sql --schema s.ddl -o no/such/dir/out.txt
expect_rc 2 "-o into a missing directory"
expect_contains "$ERR" "cannot write 'no/such/dir/out.txt': No such file or directory" \
    "-o into a missing directory"
if [ "$(id -u)" != 0 ]; then # root writes anything
    fresh readonly.txt
    chmod 444 readonly.txt
    run q.sql --schema s.ddl -o readonly.txt
    expect_rc 2 "-o over a read-only file"
    expect_contains "$ERR" "cannot write 'readonly.txt': Permission denied" "-o over a read-only file"
    expect_old readonly.txt "-o over a read-only file"
    mkdir locked
    chmod 555 locked
    run q.sql --schema s.ddl -o locked/out.txt
    expect_rc 2 "-o into a read-only directory"
    expect_contains "$ERR" "cannot write 'locked/out.txt': Permission denied" \
        "-o into a read-only directory"
    chmod 755 locked
fi
expect_no_temporary "-o that cannot be written"

# --- two runs writing one FILE at once never mix ----------------------------------------------------
write many.sql "$(for i in $(seq 1 200); do printf 'SELECT name.first, tags FROM people WHERE id = %d;\n' "$i"; done)"
"$BIN" many.sql --schema s.ddl -f json >expected-json.txt
"$BIN" many.sql --schema s.ddl -f jsonl >expected-jsonl.txt
mixed=0
for _ in 1 2 3 4 5; do
    "$BIN" many.sql --schema s.ddl -f json -o race.txt 2>/dev/null &
    "$BIN" many.sql --schema s.ddl -f jsonl -o race.txt 2>/dev/null &
    wait
    if ! cmp -s race.txt expected-json.txt && ! cmp -s race.txt expected-jsonl.txt; then
        mixed=$((mixed + 1))
    fi
done
about "two runs writing race.txt at once, five times"
[ "$mixed" = 0 ]
check $? "two runs at once: FILE is always one run's whole output ($mixed mixed)"
expect_no_temporary "two runs at once"

finish
