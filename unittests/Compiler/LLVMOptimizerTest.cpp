//===- LLVMOptimizerTest.cpp - the JIT's LLVM IR pipeline really runs -----===//

#include "tilerun/Compiler/LLVMOptimizer.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <gtest/gtest.h>

namespace {

// A loop that stores i*2 into a[i]: O3 must vectorise it for any x86-64 (SSE2
// at least), and InstCombine turns the multiply into a shift.
constexpr const char *kLoop = R"(
define void @k(ptr noalias %a) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %v = mul i64 %i, 2
  %p = getelementptr i64, ptr %a, i64 %i
  store i64 %v, ptr %p
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 1024
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
)";

std::unique_ptr<llvm::TargetMachine> hostTargetMachine() {
  llvm::InitializeNativeTarget();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return nullptr;
  auto tm = builder->createTargetMachine();
  return tm ? std::move(*tm) : nullptr;
}

bool hasVectorStore(const llvm::Module &module) {
  for (const llvm::Function &f : module)
    for (const llvm::BasicBlock &bb : f)
      for (const llvm::Instruction &inst : bb)
        if (auto *store = llvm::dyn_cast<llvm::StoreInst>(&inst))
          if (store->getValueOperand()->getType()->isVectorTy())
            return true;
  return false;
}

TEST(LLVMOptimizer, VectorisesASimpleLoop) {
  auto tm = hostTargetMachine();
  ASSERT_TRUE(tm);
  llvm::LLVMContext context;
  llvm::SMDiagnostic error;
  auto module = llvm::parseAssemblyString(kLoop, error, context);
  ASSERT_TRUE(module) << error.getMessage().str();
  module->setDataLayout(tm->createDataLayout());
  module->setTargetTriple(tm->getTargetTriple());
  ASSERT_FALSE(hasVectorStore(*module));

  llvm::Error result = tilerun::makeLLVMOptimizer(*tm)(module.get());
  ASSERT_FALSE(static_cast<bool>(result)) << llvm::toString(std::move(result));
  EXPECT_TRUE(hasVectorStore(*module));
}

} // namespace
