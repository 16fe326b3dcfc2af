//===- LLVMOptimizer.h - LLVM IR optimisation for JIT-compiled kernels ----===//
#ifndef TILERUN_COMPILER_LLVMOPTIMIZER_H
#define TILERUN_COMPILER_LLVMOPTIMIZER_H

#include "llvm/Support/Error.h"

#include <functional>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace tilerun {

/// Runs LLVM's default O3 pipeline over `module`, tuned for `target` (its
/// vector widths and costs drive the loop and SLP vectorisers).
llvm::Error optimizeLLVMModule(llvm::Module &module, llvm::TargetMachine &target);

/// The same, as an ExecutionEngine transformer. `target` must outlive it.
std::function<llvm::Error(llvm::Module *)>
makeLLVMOptimizer(llvm::TargetMachine &target);

} // namespace tilerun

#endif // TILERUN_COMPILER_LLVMOPTIMIZER_H
