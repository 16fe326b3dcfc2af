#ifndef TILERUN_GLUON_DIALECT
#define TILERUN_GLUON_DIALECT

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def Gluon_Dialect : Dialect {
  let name = "gluon";
  let cppNamespace = "::mlir::gluon";
  let summary = "Gluon front-end additions to TritonGPU";
  let useDefaultAttributePrinterParser = 1;
}

// Placeholder layout that Gluon's layout inference replaces; a CPU program
// instance holds the whole tensor, so it is as good as any other layout here.
def Gluon_AutoEncodingAttr : AttrDef<Gluon_Dialect, "AutoEncoding"> {
  let mnemonic = "auto_encoding";
  let summary = "layout left for inference to choose";
}

#endif
