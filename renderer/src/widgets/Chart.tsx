import { useMemo } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { EChartsReactProps } from 'echarts-for-react/esm/types';
import { localeNumbers } from '../format/chart-numbers.ts';

/** Every chart of the app: ECharts with its numbers written in the user's language (format/chart-numbers.ts). */
export function Chart(props: EChartsReactProps) {
  const option = useMemo(() => localeNumbers(props.option), [props.option]);
  return <ReactEChartsCore {...props} option={option} />;
}
