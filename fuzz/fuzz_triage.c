/* libFuzzer target: pasted reports (text, facts JSON, evidence JSON) through
 * the triage reader and the doctor's rules. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "doctor/diagnose.h"
#include "doctor/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    jg_report_info info;
    json_t *facts = jg_report_read_stream(f, "fuzz", &info);
    fclose(f);
    if (facts) {
        json_decref(jg_diagnose(facts, "report"));
        json_decref(facts);
    }
    return 0;
}
