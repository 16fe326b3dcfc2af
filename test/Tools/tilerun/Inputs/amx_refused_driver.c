/* Calls an AOT kernel compiled with AMX tiles (`dot_amx`, dot_bf16's dot_k
   for Sapphire Rapids) in a process that has no AMX tile state: the kernel
   function must refuse before any program runs. */
#include "dot_amx.h"

#include <stdio.h>

int main(void) {
  static uint16_t a[32 * 64], b[64 * 32];
  static float c[32 * 32];
  int32_t rc = dot_amx(NULL, 1, 1, 1, a, b, c);
  printf("status %d: %s\n", rc, tilerun_rt_last_error());
  return 0;
}
