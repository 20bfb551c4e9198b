/* The hash of a character pair that indexes the phrases (report_phrases.c, whose
 * index the knowledge generator tools/doctor-knowledge/ builds) and the pairs a
 * line holds (report_text.h): one definition for both. */
#ifndef JG_DOCTOR_PHRASE_PAIR_H
#define JG_DOCTOR_PHRASE_PAIR_H

#define JG_TP_PAIRS 4096u
#define JG_TP_PAIR(a, b) ((((unsigned)(unsigned char)(a) << 5) ^ (unsigned char)(b)) & (JG_TP_PAIRS - 1))

#endif
