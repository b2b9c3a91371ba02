// UI kit: form controls. A separate shared module from @qiming/sdk/ui so that an area which shows no
// forms never downloads them; the host provides every kit, so all share one antd instance.
export { Checkbox, Form, Input, InputNumber, Select, Slider, Switch } from 'antd';
export type { FormInstance, FormProps } from 'antd';
