//===- InitAllDialects.h - Register every dialect tilerun reads -*- C++ -*-===//
//
// The set of dialects a Triton 3.6 dump, a Gluon dump or triton-shared's
// output may contain, plus the upstream dialects tilerun lowers through.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_INITALLDIALECTS_H
#define TILERUN_INITALLDIALECTS_H

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace tilerun {
/// Adds tt, ttg, gluon and the upstream dialects (builtin, func, arith, math,
/// scf, cf, ub, gpu, memref, linalg, tensor, bufferization, vector, LLVM) with
/// the external models (bufferization, inliner, LLVM translation) they need.
void registerAllDialects(mlir::DialectRegistry &registry);
} // namespace tilerun

#endif // TILERUN_INITALLDIALECTS_H
