# testsolvers.cmake — the test program daebench-testsolvers (issue 10): the
# daebench program whose solver table (solvers/registry.c compiled again with
# DAEBENCH_TEST_SOLVERS) also holds the broken solvers of
# solvers/tests/testsolvers.c.  Its own copy of the table takes the place of the
# library's (same symbols), so the daebench program never lists them.
# harness/tests/test_isolate.sh finds it next to daebench.
add_executable(daebench-testsolvers ${CMAKE_SOURCE_DIR}/app/main.c
               ${CMAKE_SOURCE_DIR}/solvers/registry.c
               ${CMAKE_SOURCE_DIR}/solvers/tests/testsolvers.c)
target_compile_definitions(daebench-testsolvers PRIVATE DAEBENCH_TEST_SOLVERS)
target_link_libraries(daebench-testsolvers PRIVATE db_plots)

# daebench-jsoncheck: the JSON validator of the shell tests (cJSON, no python)
add_executable(daebench-jsoncheck ${CMAKE_SOURCE_DIR}/harness/tests/jsoncheck.c)
target_link_libraries(daebench-jsoncheck PRIVATE db_plots)
