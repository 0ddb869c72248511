package dev.longtask.cli.command;

import java.util.List;

/**
 * Completion of run ids, added to the generated scripts: after a command that names a run, and after
 * {@code --run}, the shell offers the runs of the workspace ({@code -C DIR}, else the current directory), newest
 * first, read with {@code ls} so completing costs no JVM start.
 */
final class RunIdCompletion {
    /** The commands whose first argument is a run id. */
    static final List<String> COMMANDS = List.of("resume", "status", "cancel", "approve", "report", "tasks");
    /** Options that take no value, after which a run id may still come. */
    private static final String FLAGS = "--json|--watch|--always|--all|--dry-run|--plain|-v|--verbose|--debug";

    private RunIdCompletion() {
    }

    /** Bash (and zsh through bashcompinit): a completer that offers run ids, else hands over to picocli's. */
    static String bash(String name) {
        String fn = "_" + name.replace('-', '_');
        return """

                # Run ids: the runs of the workspace (-C DIR, else the current directory), newest first.
                %1$s_run_ids() {
                  local dir=. i
                  for ((i = 1; i < COMP_CWORD; i++)); do
                    case "${COMP_WORDS[i]}" in
                      -C|--workdir) dir="${COMP_WORDS[i+1]}" ;;
                      --workdir=*) dir="${COMP_WORDS[i]#--workdir=}" ;;
                    esac
                  done
                  ls -1t "$dir/.longtask/runs" 2>/dev/null
                }

                # The command: the first word that is neither an option nor -C's directory (-C may come first).
                %1$s_command() {
                  local i
                  for ((i = 1; i < COMP_CWORD; i++)); do
                    case "${COMP_WORDS[i]}" in
                      -C|--workdir) ((i++)) ;;
                      -*) ;;
                      *) echo "${COMP_WORDS[i]}"; return ;;
                    esac
                  done
                }

                %1$s_with_run_ids() {
                  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                  if [[ "$prev" == "--run" ]] || { [[ " %2$s " == *" $(%1$s_command) "* ]] && [[ "$cur" != -* ]] \\
                      && [[ "$prev" != -* || "$prev" =~ ^(%3$s)$ ]]; }; then
                    COMPREPLY=( $(compgen -W "$(%1$s_run_ids)" -- "$cur") )
                    return 0
                  fi
                  _complete_%4$s "$@"
                }

                complete -F %1$s_with_run_ids -o default %4$s %4$s.sh %4$s.bash
                """.formatted(fn, String.join(" ", COMMANDS), FLAGS, name);
    }

    /** Fish: the run ids after a command that names a run, and after {@code --run}. */
    static String fish(String name) {
        String fn = "__" + name.replace('-', '_') + "_run_ids";
        return """
                function %1$s
                    set -l dir .
                    set -l words (commandline -opc)
                    for i in (seq (count $words))
                        if contains -- $words[$i] -C --workdir; and test $i -lt (count $words)
                            set dir $words[(math $i + 1)]
                        end
                    end
                    ls -1t $dir/.longtask/runs 2>/dev/null
                end
                complete -c %2$s -n '__fish_seen_subcommand_from %3$s' -a '(%1$s)'
                complete -c %2$s -l run -x -a '(%1$s)'
                """.formatted(fn, name, String.join(" ", COMMANDS));
    }
}
