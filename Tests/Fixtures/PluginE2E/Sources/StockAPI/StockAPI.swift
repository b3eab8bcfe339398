// The generated types of this target have `package` access (htcodegen.json): the App target of this
// package can use them, other packages cannot. SwiftPM builds a target only if it has a Swift file.
import HTNetworking
