//===- tilerun-opt.cpp - mlir-opt with tilerun's dialects and passes ------===//
#include "tilerun/InitAllDialects.h"
#include "tilerun/InitAllPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace tilerun::test {
void registerTestPasses();
} // namespace tilerun::test

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tilerun::registerAllDialects(registry);
  tilerun::registerAllPasses();
  tilerun::test::registerTestPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tilerun optimizer driver\n", registry));
}
