# `cmake --install`: the C API and runtime headers, libtilerun and
# libtilerun_rt, the command-line tools, a CMake package
# (find_package(tilerun) with tilerun::tilerun and tilerun::runtime, and the
# tilerun executable as tilerun::tilerun-cli) and pkg-config files.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Installed binaries find each other in lib/, and LLVM's shared libraries
# where the build found them (not needed by libtilerun_rt, nor by a
# TILERUN_STATIC_LLVM libtilerun).
set(TILERUN_INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR};$ORIGIN")
if(NOT TILERUN_STATIC_LLVM)
  list(APPEND TILERUN_INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
endif()
foreach(target TilerunCAPI tilerun tilerun-opt)
  if(TARGET ${target})
    set_target_properties(${target} PROPERTIES
      INSTALL_RPATH "${TILERUN_INSTALL_RPATH}")
  endif()
endforeach()

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tilerun-c
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS TilerunCAPI TilerunAOTRuntime EXPORT tilerunTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
set(TILERUN_INSTALLED_TOOLS)
foreach(tool tilerun tilerun-opt)
  if(TARGET ${tool})
    list(APPEND TILERUN_INSTALLED_TOOLS ${tool})
  endif()
endforeach()
install(TARGETS ${TILERUN_INSTALLED_TOOLS} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

set(TILERUN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/tilerun)
install(EXPORT tilerunTargets NAMESPACE tilerun:: DESTINATION ${TILERUN_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/tilerunConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/tilerunConfig.cmake
  INSTALL_DESTINATION ${TILERUN_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/tilerunConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/tilerunConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/tilerunConfigVersion.cmake
  DESTINATION ${TILERUN_CMAKE_DIR})

# Relative to the .pc file, so that `cmake --install --prefix` anywhere works.
file(RELATIVE_PATH TILERUN_PC_PREFIX
  "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
foreach(pc tilerun tilerun-runtime)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in
    ${PROJECT_BINARY_DIR}/cmake/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/cmake/${pc}.pc
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()
