//===- tilerun-opt.cpp - mlir-opt with tilerun's dialects and passes ------===//
#include "tilerun/InitAllDialects.h"
#include "tilerun/InitAllPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tilerun::registerAllDialects(registry);
  tilerun::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "tilerun optimizer driver\n", registry));
}
