/** React access to the page's Workbench (stores and API client). */
import { createContext } from 'react'
import type { Workbench } from './workbench.js'

export const WorkbenchContext = createContext<Workbench | null>(null)
