# Bash completion for belote: commands, actions, options, ruleset names.
#
# Everything is asked of the program itself (its --help, and `belote rulesets
# list --names` for the rulesets it would find), so the completion follows
# the installed version and the user's own rulesets.

# The first word of each line under "HEADING:" in the output of a command.
_belote_listed() {
  local heading=$1
  shift
  "$@" --help 2>/dev/null | awk -v heading="$heading:" '
    $0 == heading { inside = 1; next }
    inside && NF == 0 { exit }
    inside { print $1 }'
}

# The long options a command's --help lists (first column only).
_belote_options() {
  "$@" --help 2>/dev/null | sed -nE 's/^  (-[[:alnum:]] \[ )?(--[[:alnum:]][[:alnum:]-]*).*/\2/p'
}

_belote() {
  local program=${COMP_WORDS[0]}
  local cur=${COMP_WORDS[COMP_CWORD]}
  local prev=
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()

  if ((COMP_CWORD == 1)); then
    COMPREPLY=($(compgen -W "$(_belote_listed commands "$program") --help --version" -- "$cur"))
    return
  fi

  local command=${COMP_WORDS[1]} action=
  local actions
  actions=$(_belote_listed actions "$program" "$command")
  if [[ -n $actions ]]; then
    if ((COMP_CWORD == 2)); then
      COMPREPLY=($(compgen -W "$actions --help" -- "$cur"))
      return
    fi
    action=${COMP_WORDS[2]}
  fi

  # Rulesets are looked up where the command line says, too.
  local dirs=() i
  for ((i = 2; i < COMP_CWORD; i++)); do
    [[ ${COMP_WORDS[i]} == --rulesets-dir ]] && dirs+=(--rulesets-dir "${COMP_WORDS[i + 1]}")
  done
  local rulesets
  rulesets=$("$program" rulesets list --names "${dirs[@]}" 2>/dev/null)

  case $prev in
    --ruleset | -r | --extends)
      COMPREPLY=($(compgen -W "$rulesets" -- "$cur") $(compgen -f -X '!*.toml' -- "$cur"))
      return
      ;;
    --rulesets-dir)
      COMPREPLY=($(compgen -d -- "$cur"))
      return
      ;;
    --format | -f)
      COMPREPLY=($(compgen -W "text json" -- "$cur"))
      return
      ;;
    --output | -o)
      COMPREPLY=($(compgen -f -- "$cur"))
      return
      ;;
    --random | --seed | --threads | --show | --target | --menes | --bot-timeout)
      return  # a number
      ;;
    --seat)
      COMPREPLY=($(compgen -W "N E S W none" -- "$cur"))
      return
      ;;
    --first-dealer | --dealer | --first)
      COMPREPLY=($(compgen -W "N E S W" -- "$cur"))
      return
      ;;
    --players | --bot)
      return  # player names; a seat and a command
      ;;
  esac

  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_belote_options "$program" "$command" $action)" -- "$cur"))
    return
  fi

  # The words that are not options: rulesets first for these, files for the rest.
  case "$command${action:+ $action}" in
    "rulesets show" | "rulesets check" | "rulesets diff" | diff)
      COMPREPLY=($(compgen -W "$rulesets" -- "$cur"))
      ;;
    "rulesets new")
      return
      ;;
  esac
  COMPREPLY+=($(compgen -f -- "$cur"))
}

complete -o filenames -F _belote belote
