/* The doctor's catalogue of table rules: every signal row (src/doctor/knowledge/<layer>.rules)
 * with its texts, second reading and the phrases that set its signal, printed
 * for people (`jetgate triage --list-rules`, `--explain ID`) and for the
 * catalogue golden (`jetgate __generate doctor-catalogue`), which pins what the
 * doctor knows while that knowledge moves between files. */
#ifndef JG_DOCTOR_CATALOGUE_H
#define JG_DOCTOR_CATALOGUE_H
#include <stdbool.h>
#include <stdio.h>

/* Every row, sorted by id (then signal), and after them every signal that a
 * phrase sets but no row reads (code reads it), with its phrases. */
void jg_catalogue_write(FILE *f);
/* Every row's examples as tests/data/doctor/phrases.tsv lines: id TAB line. */
void jg_catalogue_examples(FILE *f);
/* docs/doctor-rows.md: every row as a Markdown table, per layer, with its source. */
void jg_catalogue_markdown(FILE *f);
/* One line per row: id, severity, confidence, signal; then one per id a C rule
 * gives: id and its file. */
void jg_catalogue_list(FILE *f);
/* The rows whose first or second reading has this id, in full, or where the C
 * rule that gives it is; false: no rule gives it. */
bool jg_catalogue_explain(FILE *f, const char *id);

#endif
