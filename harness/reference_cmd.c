/* reference_cmd.c — "daebench reference": computing and verifying stored
 * reference solutions (DESIGN.md §"Reference solutions").  Not implemented yet. */
#include <stdio.h>

#include "cli.h"
#include "commands.h"

int db_cmd_reference(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "daebench: reference: not yet implemented\n");
    return DB_EXIT_BAD_INPUT;
}
