import * as echarts from 'echarts/core';
import { BarChart, CustomChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// The charts the dashboard, the figure reports and the project timeline draw, and nothing else, so that these chunks stay small.
echarts.use([
  BarChart,
  PieChart,
  CustomChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export { echarts };
