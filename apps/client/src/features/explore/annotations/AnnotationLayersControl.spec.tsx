import { fireEvent, render, screen, within } from '@testing-library/react';
import { controlDef } from '@strata/domain';
import { AnnotationLayersControl } from './AnnotationLayersControl';

const def = controlDef('annotation_layers')!;
const formula = { name: 'Target', annotationType: 'FORMULA', sourceType: '', value: 'y = 5000', show: true };

describe('annotation layers control', () => {
  it('adds a formula layer with its name, formula and colour', () => {
    const onChange = jest.fn();
    render(<AnnotationLayersControl def={def} value={[]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '+ Add annotation layer' }));
    const editor = screen.getByRole('group', { name: 'Annotation layer' });
    fireEvent.change(within(editor).getByLabelText('Layer name'), { target: { value: 'Target' } });
    fireEvent.change(within(editor).getByLabelText('Formula'), { target: { value: 'y = 2*x +' } });
    expect(within(editor).getByText('The formula ends too early')).toBeInTheDocument();
    fireEvent.change(within(editor).getByLabelText('Formula'), { target: { value: 'y = 5000' } });
    fireEvent.change(within(editor).getByLabelText('Colour'), { target: { value: '#00ff00' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith([
      expect.objectContaining({
        name: 'Target',
        annotationType: 'FORMULA',
        sourceType: '',
        value: 'y = 5000',
        color: '#00ff00',
      }),
    ]);
  });

  it('refuses an event layer without its chart and time column, naming the field', () => {
    const onChange = jest.fn();
    render(<AnnotationLayersControl def={def} value={[formula]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '+ Add annotation layer' }));
    const editor = screen.getByRole('group', { name: 'Annotation layer' });
    fireEvent.change(within(editor).getByLabelText('Layer name'), { target: { value: 'Target' } });
    fireEvent.change(within(editor).getByLabelText('Annotation layer type'), { target: { value: 'EVENT' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    expect(within(editor).getByRole('alert')).toHaveTextContent(/^value: /);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('edits and removes layers', () => {
    const onChange = jest.fn();
    render(<AnnotationLayersControl def={def} value={[formula, { ...formula, name: 'Other' }]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Target' }));
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'Other' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Other' }));
    const editor = screen.getByRole('group', { name: 'Annotation layer' });
    fireEvent.change(within(editor).getByLabelText('Layer name'), { target: { value: 'Target' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    expect(within(editor).getByRole('alert')).toHaveTextContent("another layer is named 'Target'");
    fireEvent.click(within(editor).getByLabelText('Show'));
    fireEvent.change(within(editor).getByLabelText('Layer name'), { target: { value: 'Renamed' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith([formula, expect.objectContaining({ name: 'Renamed', show: false })]);
  });
});
