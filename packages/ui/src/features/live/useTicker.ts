/** The current time, re-read every `intervalMs` while `isRunning` (elapsed time and rate keep moving between frames). */
import { useEffect, useState } from 'react'

export function useTicker(isRunning: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!isRunning) return
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [isRunning, intervalMs])
  return now
}
