#!/usr/bin/env bash
# The shell completions (completions/) know every option: each long option `--help` prints is in
# the bash and the zsh script, so they cannot drift from the binary; the bash script parses, and
# completes option names and option values.
# Usage: completions.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"

BASH_COMPLETION=$SOURCE_DIR/completions/prune-plan.bash
ZSH_COMPLETION=$SOURCE_DIR/completions/_prune-plan

run --help
expect_rc 0 "--help"
help_options=$(grep -oE -- '--[a-z][a-z-]*' "$OUT" | sort -u)
[ -n "$help_options" ]
check $? "--help lists long options"
for option in $help_options; do
    for script in "$BASH_COMPLETION" "$ZSH_COMPLETION"; do
        about "grep -- '$option' $script"
        grep -qE -- "(^|[^a-z-])$option([^a-z-]|$)" "$script"
        check $? "$option (from --help) is completed by $(basename "$script")"
    done
done
# Short options too.
for option in $(grep -oE -- '(^|[ ,])-[a-zA-Z](,|[ ])' "$OUT" | grep -oE -- '-[a-zA-Z]' | sort -u); do
    for script in "$BASH_COMPLETION" "$ZSH_COMPLETION"; do
        about "grep -- '$option' $script"
        grep -qE -- "(^|[^a-zA-Z-])$option([^a-zA-Z-]|$)" "$script"
        check $? "$option (from --help) is completed by $(basename "$script")"
    done
done

about "bash -n $BASH_COMPLETION"
bash -n "$BASH_COMPLETION"
check $? "the bash completion parses"
if command -v zsh >/dev/null 2>&1; then
    about "zsh -n $ZSH_COMPLETION"
    zsh -n "$ZSH_COMPLETION"
    check $? "the zsh completion parses"
fi

# complete WORDS...: COMPREPLY for the last word, through the bash script with the two helpers
# of bash-completion it uses reduced to what this needs.
complete_words() {
    (
        _init_completion() {
            cur=${COMP_WORDS[COMP_CWORD]}
            prev=${COMP_WORDS[COMP_CWORD - 1]}
            words=("${COMP_WORDS[@]}")
            cword=$COMP_CWORD
            split=false
        }
        _filedir() { COMPREPLY=("<file>"); }
        # shellcheck source=/dev/null
        source "$BASH_COMPLETION"
        COMP_WORDS=(prune-plan "$@")
        COMP_CWORD=$#
        _prune_plan
        printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' '
    )
}
about "bash completion of 'prune-plan --ru'"
expect_eq "$(complete_words --ru)" "--rules " "bash completes an option name"
about "bash completion of 'prune-plan --rules '"
expect_eq "$(complete_words --rules '')" "extended legacy spark " "bash completes --rules values"
about "bash completion of 'prune-plan -f j'"
expect_eq "$(complete_words -f j)" "json jsonl " "bash completes -f values"
about "bash completion of 'prune-plan --schema '"
expect_eq "$(complete_words --schema '')" "<file> " "bash completes a file after --schema"

finish
