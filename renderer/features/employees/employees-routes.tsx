import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { idParam } from '../../components/hooks/route-params';
import { EmployeeProfile } from './employee-profile';
import { EmployeesPage } from './employees-page';

/** `Employees`, and `Employees/<id>`: one employee's profile. */
export default function EmployeesRoutes() {
  const navigate = useNavigate();
  return (
    <Routes>
      <Route index element={<EmployeesPage open={(id) => navigate(`/Employees/${id}`)} />} />
      <Route path=":employeeId" element={<EmployeeOfAddress />} />
    </Routes>
  );
}

function EmployeeOfAddress() {
  const id = idParam(useParams().employeeId);
  const navigate = useNavigate();
  return id ? <EmployeeProfile id={id} back={() => navigate('/Employees')} /> : <Navigate to="/Employees" replace />;
}
