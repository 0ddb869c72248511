import type {Vocabulary} from "../types"
import dependentRequired from "./validation/dependentRequired"
import dependentSchemas from "./applicator/dependentSchemas"
import limitContains from "./validation/limitContains"
const next: Vocabulary = [dependentRequired, dependentSchemas, limitContains]
export default next
