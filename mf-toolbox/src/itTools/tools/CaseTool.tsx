import { useState } from 'react';
import { t } from '../i18n';
import { CASE_NAMES, convertCase } from '../logic/caseConvert';
import { OutputLine, TextInput } from '../parts';

export default function CaseTool() {
  const [input, setInput] = useState('');
  return (
    <>
      <TextInput label={t('it.common.input')} value={input} onChange={setInput} rows={3} placeholder="hello world / helloWorld / hello_world" testId="case-input" />
      <div>
        {CASE_NAMES.map((name) => (
          <OutputLine key={name} label={t(`it.case.${name}`)} value={convertCase(input, name)} testId={`case-${name}`} />
        ))}
      </div>
    </>
  );
}
