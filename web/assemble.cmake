# Lays out the page: the engine and the API joined into belote.mjs (an ES
# module, for programs served over HTTP) and belote.js (a classic script, for
# the page: browsers load no module from a file:// page), then the page's files.
#   cmake -DENGINE=belote-engine.js -DAPI=belote-api.js -DPAGE_SOURCES=dir -DPAGE_FILES=a,b -DOUT=dir -P assemble.cmake
file(READ ${ENGINE} engine)
file(READ ${API} api)
file(MAKE_DIRECTORY ${OUT})
set(notice "// belote-rules: the engine in WebAssembly and its JavaScript API (docs/web.md).\n")
file(WRITE ${OUT}/belote.mjs "${notice}${engine}\n${api}\nexport { createBelote, BeloteError };\nexport default createBelote;\n")
# The whole library is one function, so a Web Worker can be made from its text
# (beloteLibrary.toString()) without loading a file.
file(WRITE ${OUT}/belote.js "${notice}function beloteLibrary() {\n${engine}\n${api}\nreturn { createBelote, BeloteError };\n}\nvar { createBelote, BeloteError } = beloteLibrary();\n")
string(REPLACE "," ";" PAGE_FILES "${PAGE_FILES}")
foreach(file ${PAGE_FILES})
  configure_file(${PAGE_SOURCES}/${file} ${OUT}/${file} COPYONLY)
endforeach()
