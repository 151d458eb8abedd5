# Lays out the page: the engine and the API joined once into belote.js, a
# classic script the page loads (browsers load no module from a file:// page),
# and belote.mjs, the ES module for programs, which imports belote.js rather
# than carrying the engine a second time; then the page's files.
#   cmake -DENGINE=belote-engine.js -DAPI=belote-api.js -DPAGE_SOURCES=dir -DPAGE_FILES=a,b -DOUT=dir -P assemble.cmake
file(READ ${ENGINE} engine)
file(READ ${API} api)
file(MAKE_DIRECTORY ${OUT})
set(notice "// belote-rules: the engine in WebAssembly and its JavaScript API (docs/web.md).\n")
# The whole library is one function, so a Web Worker can be made from its text
# (beloteLibrary.toString()) without loading a file. It is also set on
# globalThis: imported as a module (by belote.mjs) its names stay in the module.
file(WRITE ${OUT}/belote.js "${notice}function beloteLibrary() {\n${engine}\n${api}\nreturn { createBelote, BeloteError, IllegalAction };\n}\nglobalThis.beloteLibrary = beloteLibrary;\nvar { createBelote, BeloteError, IllegalAction } = beloteLibrary();\n")
file(WRITE ${OUT}/belote.mjs "${notice}// The engine is in belote.js, beside this file.\nimport './belote.js';\n\nconst { createBelote, BeloteError, IllegalAction } = globalThis.beloteLibrary();\nexport { createBelote, BeloteError, IllegalAction };\nexport default createBelote;\n")
string(REPLACE "," ";" PAGE_FILES "${PAGE_FILES}")
foreach(file ${PAGE_FILES})
  configure_file(${PAGE_SOURCES}/${file} ${OUT}/${file} COPYONLY)
endforeach()
