import Dispatch
import Synchronization

/// A queue of at most `capacity` values between threads: `send` waits while it is full, `receive`
/// while it is empty. It connects the stages of ``LineDriver``'s pipeline (reading, working,
/// writing), so that each runs while the others do and none runs more than a few batches ahead.
@available(SwiftStdlib 6.2, *)
final class Channel<Value: Sendable>: Sendable {
  private let values = Mutex<[Value]>([])
  private let filled: DispatchSemaphore
  private let free: DispatchSemaphore

  init(capacity: Int) {
    filled = DispatchSemaphore(value: 0)
    free = DispatchSemaphore(value: capacity)
  }

  /// Adds `value` at the end, once there is room.
  func send(_ value: Value) {
    free.wait()
    values.withLock { $0.append(value) }
    filled.signal()
  }

  /// Takes the first value, once there is one.
  func receive() -> Value {
    filled.wait()
    let value = values.withLock { $0.removeFirst() }
    free.signal()
    return value
  }
}
