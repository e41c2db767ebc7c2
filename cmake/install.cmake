# install.cmake — the catalogue as a library (issue 18): `cmake --install`
# puts into PREFIX
#   lib/libdaebench-testset.so   problems, formulations, reference loader, measures
#   include/daebench/            plugin.h (the solver plugin ABI), testset/{mech,dae,
#                                registry}.h, reference/{reference,measures}.h,
#                                io/jsonio.h
#   lib/pkgconfig/daebench.pc    pkg-config (variables referencedir, plotsdir)
#   lib/cmake/daebench/          CMake package: daebench::testset, daebench::plugin
#   bin/daebench                 the program
#   share/daebench/reference/data/ the stored reference solutions
#   share/daebench/plots/        the gnuplot scripts
# The library reads the references from $DAEBENCH_REFERENCE_DIR, else from
# share/daebench/reference/data under the prefix configured (CMAKE_INSTALL_PREFIX);
# the installed program from share/daebench beside its bin/ (io/datadir.c).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(DAEBENCH_VERSION 1.0.0)
set(DAEBENCH_DATADIR ${CMAKE_INSTALL_FULL_DATADIR}/daebench)

add_library(daebench-testset SHARED ${TESTSET_SOURCES}
            ${CMAKE_SOURCE_DIR}/reference/reference.c
            ${CMAKE_SOURCE_DIR}/reference/measures.c
            ${CMAKE_SOURCE_DIR}/io/jsonio.c
            ${CMAKE_SOURCE_DIR}/io/escape.c
            ${CMAKE_SOURCE_DIR}/io/datadir.c)
set_target_properties(daebench-testset PROPERTIES VERSION ${DAEBENCH_VERSION} SOVERSION 1)
target_include_directories(daebench-testset PUBLIC
    $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_definitions(daebench-testset PRIVATE DAEBENCH_SOURCE_DIR="${DAEBENCH_DATADIR}")
target_link_libraries(daebench-testset PUBLIC cjson m)
if(NOT DAEBENCH_SANITIZE AND NOT DAEBENCH_FUZZ)   # clang's sanitizers leave runtime symbols open
  target_link_options(daebench-testset PRIVATE -Wl,--no-undefined)
endif()

# header only: what a solver plugin compiles against
add_library(daebench-plugin INTERFACE)
target_include_directories(daebench-plugin INTERFACE
    $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
set_target_properties(daebench-testset PROPERTIES EXPORT_NAME testset)
set_target_properties(daebench-plugin PROPERTIES EXPORT_NAME plugin)

install(TARGETS daebench-testset daebench-plugin EXPORT daebench-targets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS daebench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_SOURCE_DIR}/include/daebench/plugin.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/daebench)
# the Fortran interface of the ABI (compile it into a Fortran plugin) and the CI
# job of a solver's own repository (docs/plugin.md)
install(FILES ${CMAKE_SOURCE_DIR}/examples/plugins/fortran/daebench_plugin.f90
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/daebench)
install(PROGRAMS ${CMAKE_SOURCE_DIR}/ci/plugin-ci.sh
        DESTINATION ${CMAKE_INSTALL_DATADIR}/daebench/ci)
install(FILES ${CMAKE_SOURCE_DIR}/ci/github-actions.yml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/daebench/ci)
install(FILES ${CMAKE_SOURCE_DIR}/testset/mech.h ${CMAKE_SOURCE_DIR}/testset/mech_ld.h
              ${CMAKE_SOURCE_DIR}/testset/dae.h
              ${CMAKE_SOURCE_DIR}/testset/registry.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/daebench/testset)
install(FILES ${CMAKE_SOURCE_DIR}/reference/reference.h ${CMAKE_SOURCE_DIR}/reference/measures.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/daebench/reference)
install(FILES ${CMAKE_SOURCE_DIR}/io/jsonio.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/daebench/io)
file(GLOB DAEBENCH_REFERENCES ${CMAKE_SOURCE_DIR}/reference/data/*.json)
install(FILES ${DAEBENCH_REFERENCES} DESTINATION ${CMAKE_INSTALL_DATADIR}/daebench/reference/data)
file(GLOB DAEBENCH_PLOTS ${CMAKE_SOURCE_DIR}/plots/*.gp)
install(FILES ${DAEBENCH_PLOTS} DESTINATION ${CMAKE_INSTALL_DATADIR}/daebench/plots)

install(EXPORT daebench-targets NAMESPACE daebench::
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/daebench)
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/daebench-config.cmake.in
    ${CMAKE_BINARY_DIR}/daebench-config.cmake
    INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/daebench
    PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/daebench-config-version.cmake
    VERSION ${DAEBENCH_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/daebench-config.cmake
              ${CMAKE_BINARY_DIR}/daebench-config-version.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/daebench)
# relocatable: the prefix is found from the .pc file's own place
file(RELATIVE_PATH DAEBENCH_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig
     ${CMAKE_INSTALL_PREFIX})
configure_file(${CMAKE_SOURCE_DIR}/cmake/daebench.pc.in ${CMAKE_BINARY_DIR}/daebench.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/daebench.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
