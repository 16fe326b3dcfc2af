//===- LaunchState.cpp - Which launch a worker thread is running ----------===//
#include "LaunchState.h"

using namespace tilerun;

namespace {
thread_local LaunchState *tlsLaunch = nullptr;
thread_local int32_t tlsProgram[3] = {0, 0, 0};
} // namespace

LaunchScope::LaunchScope(LaunchState &state) : previous(tlsLaunch) {
  tlsLaunch = &state;
}
LaunchScope::~LaunchScope() { tlsLaunch = previous; }
void LaunchScope::setProgram(int32_t x, int32_t y, int32_t z) {
  tlsProgram[0] = x;
  tlsProgram[1] = y;
  tlsProgram[2] = z;
}
LaunchState *LaunchScope::current() { return tlsLaunch; }
const int32_t *LaunchScope::currentProgram() { return tlsProgram; }
