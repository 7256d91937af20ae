/**
 * One uPlot chart on a canvas, sized to its box (it follows the pane's width) and coloured from the theme. The chart
 * is rebuilt when its series or the theme change and only fed new data otherwise, so a live run redraws cheaply.
 */
import { useEffect, useRef, type ReactElement } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { readChartColors, useThemeVersion, type ChartColors } from './theme-colors.js'

export interface UplotChartProps {
  /** The accessible name of the chart (a canvas says nothing by itself). */
  label: string
  /** The x values first, then one array per series. */
  data: uPlot.AlignedData
  /** Builds the options for the current colours; its identity should change only when the series do. */
  options: (colors: ChartColors) => Omit<uPlot.Options, 'width' | 'height'>
  height?: number
  /** Said under the chart for screen readers and tests (the latest figures). */
  summary?: string
}

export function UplotChart({ label, data, options, height = 180, summary }: UplotChartProps): ReactElement {
  const boxRef = useRef<HTMLDivElement>(null)
  const plotRef = useRef<uPlot | null>(null)
  const dataRef = useRef(data)
  const theme = useThemeVersion()

  // Before the effect that builds the chart, so a rebuild draws the latest data.
  useEffect(() => {
    dataRef.current = data
    plotRef.current?.setData(data)
  }, [data])

  useEffect(() => {
    const box = boxRef.current
    if (!box) return
    const colors = readChartColors(box)
    const plot = new uPlot({ ...options(colors), width: Math.max(120, box.clientWidth), height }, dataRef.current, box)
    plotRef.current = plot
    const resize = new ResizeObserver(() => {
      const width = Math.max(120, box.clientWidth)
      if (width !== plot.width) plot.setSize({ width, height })
    })
    resize.observe(box)
    return () => {
      resize.disconnect()
      plot.destroy()
      plotRef.current = null
    }
  }, [options, height, theme])

  const points = data[0]?.length ?? 0
  return (
    <figure className="bench-chart" aria-label={label} data-points={points}>
      <figcaption className="bench-chart-title">{label}</figcaption>
      <div ref={boxRef} className="bench-chart-canvas" role="img" aria-label={summary ?? label} />
    </figure>
  )
}
