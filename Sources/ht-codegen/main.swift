import Foundation
import HTCodegenCore

// A thin wrapper: everything lives in HTCodegenCore so tests and plugins share one implementation.
exit(CodegenCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), exitWhenDone: true))
