# bash completion for prune-plan                                  -*- shell-script -*-
# Installed as share/bash-completion/completions/prune-plan; every option of `prune-plan --help`
# is here (tests/cli/completions.sh checks that they stay in step).

_prune_plan() {
    local cur prev words cword split
    _init_completion -s || return

    case $prev in
    -s | --schema | -o | --output | --verify)
        _filedir
        return
        ;;
    --ddl | --partition-columns)
        return # free text
        ;;
    -f | --format)
        mapfile -t COMPREPLY < <(compgen -W 'text json jsonl' -- "$cur")
        return
        ;;
    --rules)
        mapfile -t COMPREPLY < <(compgen -W 'legacy spark extended' -- "$cur")
        return
        ;;
    --schema-style)
        mapfile -t COMPREPLY < <(compgen -W 'catalog ddl tree json' -- "$cur")
        return
        ;;
    --emit)
        mapfile -t COMPREPLY < <(compgen -W 'ast bound' -- "$cur")
        return
        ;;
    --color)
        mapfile -t COMPREPLY < <(compgen -W 'auto always never' -- "$cur")
        return
        ;;
    -h | --help | -V | --version)
        return
        ;;
    esac
    $split && return

    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W '--schema --ddl --merge-schema --partition-columns --format --rules
            --case-sensitive --schema-style --verify --debug-no-rewrite --explain --compare-rules
            --emit --output --color
            --help --version -s -f -o -h -V' -- "$cur")
        return
    fi
    _filedir # QUERY: a SQL file, or - for standard input
} &&
    complete -F _prune_plan prune-plan
