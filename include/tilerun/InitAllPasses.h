//===- InitAllPasses.h - Register every tilerun pass ------------*- C++ -*-===//
#ifndef TILERUN_INITALLPASSES_H
#define TILERUN_INITALLPASSES_H

namespace tilerun {
/// Registers tilerun's passes and pipelines, and the upstream passes the
/// pipelines use, with the global registry (for tilerun-opt).
void registerAllPasses();
} // namespace tilerun

#endif // TILERUN_INITALLPASSES_H
