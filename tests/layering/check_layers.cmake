# Checks that each folder of the engine includes only the folders below it.
#
#   cmake -DSOURCE_DIR=<project> [-DDESIGN=<design.md>] -P check_layers.cmake
#
# The rules are read from the layer table of docs/design.md, one row per
# folder of engine/src:
#   | `engine/src/NAME/` | what it holds | `header.h` … | `lower` `other` … |
# The third column names the public headers (engine/include/belote/) that
# belong to the layer, the fourth the folders it may include ("—": none).
# A folder of engine/src missing from the table, a row whose folder does not
# exist, a public header claimed by no row, and an include of a layer not
# allowed are each reported; any report fails the check.

cmake_minimum_required(VERSION 3.22)

if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<project> -P check_layers.cmake")
endif()
if(NOT DESIGN)
  set(DESIGN ${SOURCE_DIR}/docs/design.md)
endif()
set(src ${SOURCE_DIR}/engine/src)
set(public ${SOURCE_DIR}/engine/include/belote)
set(problems "")

# The table: layers, their public headers, what each may include.
file(STRINGS ${DESIGN} rows ENCODING UTF-8 REGEX "^\\| `engine/src/[a-z_]+/` \\|")
set(layers "")
foreach(row IN LISTS rows)
  if(NOT row MATCHES "^\\| `engine/src/([a-z_]+)/` \\|[^|]*\\|([^|]*)\\|([^|]*)\\|")
    list(APPEND problems "docs/design.md: a layer row without its four cells: ${row}")
    continue()
  endif()
  set(layer ${CMAKE_MATCH_1})
  set(header_cell "${CMAKE_MATCH_2}")
  set(allowed_cell "${CMAKE_MATCH_3}")
  list(APPEND layers ${layer})
  string(REGEX MATCHALL "`[a-z_]+\\.h`" headers "${header_cell}")
  foreach(header IN LISTS headers)
    string(REPLACE "`" "" header "${header}")
    set(layer_of_header_${header} ${layer})
  endforeach()
  string(REGEX MATCHALL "`[a-z_]+`" allowed "${allowed_cell}")
  string(REPLACE "`" "" allowed "${allowed}")
  set(allowed_${layer} ${layer} ${allowed})
  if(NOT IS_DIRECTORY ${src}/${layer})
    list(APPEND problems "docs/design.md: the layer table names engine/src/${layer}/, which does not exist")
  endif()
endforeach()
if(NOT layers)
  message(FATAL_ERROR "${DESIGN}: no layer table (rows beginning with | `engine/src/NAME/` |)")
endif()

# Every folder of engine/src is a layer of the table.
file(GLOB entries RELATIVE ${src} ${src}/*)
foreach(entry IN LISTS entries)
  if(IS_DIRECTORY ${src}/${entry} AND NOT entry IN_LIST layers)
    list(APPEND problems "engine/src/${entry}/: not in the layer table of docs/design.md")
  elseif(NOT IS_DIRECTORY ${src}/${entry})
    list(APPEND problems "engine/src/${entry}: a file outside the layer folders")
  endif()
endforeach()

# Every public header belongs to a layer; belote.h (all of them) and the
# generated version.h are outside the layers.
file(GLOB public_headers RELATIVE ${public} ${public}/*.h)
foreach(header IN LISTS public_headers)
  if(NOT header STREQUAL "belote.h" AND NOT DEFINED layer_of_header_${header})
    list(APPEND problems "engine/include/belote/${header}: claimed by no layer of docs/design.md")
  endif()
endforeach()
set(layer_of_header_version.h "")

# The includes of one file, against the layer it belongs to.
function(check_file path layer)
  file(STRINGS ${path} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  file(RELATIVE_PATH shown ${SOURCE_DIR} ${path})
  foreach(line IN LISTS includes)
    string(REGEX MATCH "\"([^\"]+)\"" _ "${line}")
    set(target "${CMAKE_MATCH_1}")
    if(target MATCHES "^belote/(.+)$")
      set(header ${CMAKE_MATCH_1})
      if(header STREQUAL "belote.h")
        set(other "(belote.h, the whole API)")
      elseif(DEFINED layer_of_header_${header})
        set(other "${layer_of_header_${header}}")
      else()
        continue()  # reported above as unclaimed
      endif()
    elseif(target MATCHES "^([a-z_]+)/")
      set(other ${CMAKE_MATCH_1})
    else()
      list(APPEND problems "${shown}: #include \"${target}\" names no layer folder (write \"LAYER/${target}\")")
      continue()
    endif()
    if(other STREQUAL "" OR other IN_LIST allowed_${layer})
      continue()
    endif()
    list(APPEND problems "${shown}: layer '${layer}' includes \"${target}\" of layer '${other}' (it may include: ${allowed_${layer}})")
  endforeach()
  set(problems "${problems}" PARENT_SCOPE)
endfunction()

foreach(layer IN LISTS layers)
  file(GLOB_RECURSE files ${src}/${layer}/*.cpp ${src}/${layer}/*.h)
  foreach(path IN LISTS files)
    check_file(${path} ${layer})
  endforeach()
endforeach()
foreach(header IN LISTS public_headers)
  if(DEFINED layer_of_header_${header} AND NOT layer_of_header_${header} STREQUAL "")
    check_file(${public}/${header} ${layer_of_header_${header}})
  endif()
endforeach()

list(LENGTH problems count)
if(count GREATER 0)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "the engine's layering is broken (${count}):\n  ${text}")
endif()
list(LENGTH layers layer_count)
message(STATUS "layering: ${layer_count} layers, every include goes down")
