/* placeholder replaced below */
#include "export.h"
int ct_export_otlp(const char *arg, const char *out_path) { (void)arg; (void)out_path; return 2; }
