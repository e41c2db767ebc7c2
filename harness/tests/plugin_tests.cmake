# plugin_tests.cmake — the CTest tests of issue 18 (solver plugins, the installed
# library).  install/prefix installs this build into build/test-prefix (a CTest
# fixture); plugin/c and plugin/fortran build the example plugins of
# examples/plugins/ OUTSIDE the tree against that prefix and run them through
# the installed daebench (bench, JSON, plot, report, check, resume, shards);
# install/consumer builds examples/library against it; plugin/bad loads the
# broken plugins of harness/tests/plugins/badplugin.c (built here, one shared
# object per kind of breakage).
set(DAEBENCH_TEST_PREFIX ${CMAKE_BINARY_DIR}/test-prefix)
set(DAEBENCH_TEST_WORK ${CMAKE_BINARY_DIR}/test-work)
# a sanitizer build installs instrumented libraries: their consumers link the runtime
set(DAEBENCH_TEST_CFLAGS "")
if(DAEBENCH_SANITIZE)
  set(DAEBENCH_TEST_CFLAGS "-fsanitize=address,undefined")
endif()

add_test(NAME install/prefix
         COMMAND ${CMAKE_COMMAND} --install ${CMAKE_BINARY_DIR} --prefix ${DAEBENCH_TEST_PREFIX})
set_tests_properties(install/prefix PROPERTIES FIXTURES_SETUP daebench_installed LABELS install)

add_test(NAME install/consumer
         COMMAND bash ${CMAKE_SOURCE_DIR}/harness/tests/install_consumer.sh ${DAEBENCH_TEST_PREFIX}
                 ${CMAKE_SOURCE_DIR} ${DAEBENCH_TEST_WORK}/consumer "${DAEBENCH_TEST_CFLAGS}")
add_test(NAME plugin/c
         COMMAND bash ${CMAKE_SOURCE_DIR}/harness/tests/plugin_example.sh ${DAEBENCH_TEST_PREFIX}
                 ${CMAKE_SOURCE_DIR} c euler ${DAEBENCH_TEST_WORK}/plugin-c)
add_test(NAME plugin/fortran
         COMMAND bash ${CMAKE_SOURCE_DIR}/harness/tests/plugin_example.sh ${DAEBENCH_TEST_PREFIX}
                 ${CMAKE_SOURCE_DIR} fortran feuler ${DAEBENCH_TEST_WORK}/plugin-fortran)
set_tests_properties(install/consumer plugin/c plugin/fortran PROPERTIES
                     FIXTURES_REQUIRED daebench_installed LABELS install TIMEOUT 600)

set(DAEBENCH_BAD_PLUGINS MAJOR MINOR NOSYM CRASHLOAD HANGLOAD TAKEN NAME RUN EXITDESCRIBE CTOREXIT
    CTOREXIT2)
foreach(kind ${DAEBENCH_BAD_PLUGINS})
  string(TOLOWER ${kind} lower)
  add_library(badplugin_${lower} MODULE ${CMAKE_SOURCE_DIR}/harness/tests/plugins/badplugin.c)
  target_compile_definitions(badplugin_${lower} PRIVATE BAD_${kind})
  target_include_directories(badplugin_${lower} PRIVATE ${CMAKE_SOURCE_DIR}/include)
  set_target_properties(badplugin_${lower} PROPERTIES PREFIX "lib"
                        LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/badplugins)
endforeach()
# hostile plugins with a fixed misbehaviour each (solver h_<mode>), for one mixed
# bench beside radau5 (plugin_bad.sh)
set(DAEBENCH_HOSTILE_MODES crash loop negative copy random ignore ignore1 escape status99)
foreach(mode ${DAEBENCH_HOSTILE_MODES})
  add_library(hostile_${mode} MODULE ${CMAKE_SOURCE_DIR}/harness/tests/plugins/badplugin.c)
  target_compile_definitions(hostile_${mode} PRIVATE BAD_FIXED_MODE="${mode}")
  target_include_directories(hostile_${mode} PRIVATE ${CMAKE_SOURCE_DIR}/include)
  set_target_properties(hostile_${mode} PROPERTIES PREFIX "lib"
                        LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/badplugins)
endforeach()
add_test(NAME plugin/bad
         COMMAND bash ${CMAKE_SOURCE_DIR}/harness/tests/plugin_bad.sh $<TARGET_FILE:daebench>
                 ${CMAKE_BINARY_DIR}/badplugins)
set_tests_properties(plugin/bad PROPERTIES LABELS harness TIMEOUT 600)

# the adapter seen from a plugin (harness/tests/test_plugin_adapter.c)
add_library(mechplugin MODULE ${CMAKE_SOURCE_DIR}/harness/tests/plugins/mechplugin.c)
target_include_directories(mechplugin PRIVATE ${CMAKE_SOURCE_DIR}/include)
target_link_libraries(mechplugin PRIVATE m)
set_target_properties(mechplugin PROPERTIES PREFIX "lib"
                      LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/badplugins)
target_compile_definitions(harness_test_plugin_adapter PRIVATE
                           DAEBENCH_TEST_PLUGIN="$<TARGET_FILE:mechplugin>")
add_dependencies(harness_test_plugin_adapter mechplugin)
