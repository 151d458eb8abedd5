# Writes belote(1) with help2man: the main --help gives the synopsis and
# options; every command's --help (and each action's, for the commands that
# have actions) becomes a subsection of COMMANDS; belote.h2m adds the rest.
#   cmake -DBELOTE=... -DHELP2MAN=... -DSECTIONS=belote.h2m -DOUTPUT=belote.1 -P man_page.cmake

# Characters beyond ASCII as groff names them, so that the page reads the same
# in any locale (help2man itself reads the help as UTF-8: --locale=C.UTF-8).
set(roff_characters "é" "\\('e" "è" "\\(`e" "ê" "\\(^e" "à" "\\(`a" "ç" "\\(,c" "ô" "\\(^o"
    "♠" "\\[u2660]" "♥" "\\[u2665]" "♦" "\\[u2666]" "♣" "\\[u2663]" "→" "\\[u2192]" "…" "\\[u2026]")

# Help text as roff, kept as printed (no filling): backslashes and hyphens
# escaped, and a line starting with a control character made plain.
function(roff_verbatim text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} ".nf\n${text}.fi\n" PARENT_SCOPE)
endfunction()

# The first word of each line under "HEADING:" in a help text, up to the next blank line.
function(listed heading text out)
  set(names)
  string(FIND "${text}" "\n${heading}:\n" at)
  if(at GREATER -1)
    string(LENGTH "\n${heading}:\n" skip)
    math(EXPR at "${at} + ${skip}")
    string(SUBSTRING "${text}" ${at} -1 section)
    string(FIND "${section}" "\n\n" end)
    string(SUBSTRING "${section}" 0 ${end} section)
    string(REGEX MATCHALL "(^|\n)  [a-z][a-z-]*" found "${section}")
    foreach(name IN LISTS found)
      string(STRIP "${name}" name)
      list(APPEND names ${name})
    endforeach()
  endif()
  set(${out} ${names} PARENT_SCOPE)
endfunction()

function(help_of out)
  execute_process(COMMAND ${BELOTE} ${ARGN} --help OUTPUT_VARIABLE text RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "belote ${ARGN} --help exited with ${status}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

help_of(main)
listed(commands "${main}" commands)
set(include "[COMMANDS]\nEach command has its own options, shown by\n.B belote\n.I COMMAND\n.BR \\-\\-help .\n")
foreach(command IN LISTS commands)
  help_of(text ${command})
  listed(actions "${text}" actions)
  if(actions)
    foreach(action IN LISTS actions)
      help_of(text ${command} ${action})
      roff_verbatim("${text}" body)
      string(APPEND include ".SS \"belote ${command} ${action}\"\n${body}")
    endforeach()
  else()
    roff_verbatim("${text}" body)
    string(APPEND include ".SS \"belote ${command}\"\n${body}")
  endif()
endforeach()

get_filename_component(work ${OUTPUT} DIRECTORY)
file(MAKE_DIRECTORY ${work})
file(WRITE ${OUTPUT}.commands.h2m "${include}")
execute_process(
  COMMAND ${HELP2MAN} --no-info --section=1 --locale=C.UTF-8
          "--name=score belote deals under announcement rulesets chosen at run time"
          --include=${SECTIONS} --include=${OUTPUT}.commands.h2m --output=${OUTPUT}.tmp ${BELOTE}
  RESULT_VARIABLE status ERROR_VARIABLE errors)
file(REMOVE ${OUTPUT}.commands.h2m)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "help2man failed: ${errors}")
endif()
file(READ ${OUTPUT}.tmp page)
file(REMOVE ${OUTPUT}.tmp)
set(pairs ${roff_characters})
while(pairs)
  list(POP_FRONT pairs character name)
  string(REPLACE "${character}" "${name}" page "${page}")
endwhile()
file(WRITE ${OUTPUT} "${page}")
