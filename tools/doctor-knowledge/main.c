/* The doctor's knowledge generator, run by the build (src/CMakeLists.txt):
 *   doctor-knowledge OUT_DIR FILE.rules...
 * reads the rule files (src/doctor/knowledge/, format in its README.md), checks
 * them and writes OUT_DIR/doctor_signals.h (the signal vocabulary, JG_SIGNALS)
 * OUT_DIR/doctor_ids.h (enum jg_fid) and OUT_DIR/doctor_knowledge.c (the rows, the
 * phrase index, the examples, the C rules' ids) as
 * C tables, so that jetgate parses nothing at start-up and a misspelled key,
 * signal or severity fails the build with the file and line. Like SQLite's
 * mkkeywordhash: a build tool, not part of jetgate. Plain C11, no library. */
#include <stdio.h>

#include "knowledge.h"

int main(int argc, char **argv)
{
    if (argc < 3) {
        fputs("usage: doctor-knowledge OUT_DIR FILE.rules...\n", stderr);
        return 2;
    }
    for (int i = 2; i < argc; i++)
        read_file(argv[i]);
    if (!errors)
        check_all();
    if (errors) {
        fprintf(stderr, "doctor-knowledge: %d error(s); nothing written\n", errors);
        return 1;
    }
    return write_all(argv[1]) == 0 ? 0 : 1;
}
