# belote.pc, installed to lib/pkgconfig beside the CMake package, for builds
# that use pkg-config rather than find_package(belote).
file(RELATIVE_PATH BELOTE_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
string(REGEX REPLACE "/$" "" BELOTE_PC_TO_PREFIX "${BELOTE_PC_TO_PREFIX}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/belote.pc.in ${CMAKE_BINARY_DIR}/belote.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/belote.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
